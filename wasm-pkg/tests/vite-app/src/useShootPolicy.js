// A composable in the dashboard's style, as the package's README shows it: the report of the Shoot
// shown, recomputed when it changes. The engine is imported when the first Shoot page needs it, so
// its WebAssembly is not on the app's critical path; until it has loaded the report is null.
import { computed, shallowRef, toRaw } from "vue";

/**
 * @param {import("vue").Ref<string | object>} cloudProfile
 * @param {import("vue").Ref<object>} shoot
 * @param {string} now
 */
export function useShootPolicy(cloudProfile, shoot, now) {
  const analyzer = shallowRef(null);
  import("shoot-policy").then(({ Analyzer }) => (analyzer.value = new Analyzer()));
  // Plain objects, not Vue's proxies: the package reads them a quarter as fast through a proxy.
  const report = computed(
    () => analyzer.value?.analyze({ cloudProfile: toRaw(cloudProfile.value), shoot: toRaw(shoot.value) }, { now }) ?? null,
  );
  const nextForcedUpdate = computed(() => report.value?.summary.nextForcedUpdate ?? null);
  return { report, nextForcedUpdate };
}
