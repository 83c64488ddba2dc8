// A composable in the dashboard's style: the report of the Shoot shown, recomputed when it changes.
import { computed, toRaw } from "vue";
import { analyze } from "shoot-policy";

/**
 * @param {import("vue").Ref<string | object>} cloudProfile
 * @param {import("vue").Ref<object>} shoot
 * @param {string} now
 */
export function useShootPolicy(cloudProfile, shoot, now) {
  // Plain objects, not Vue's proxies: the package reads them a quarter as fast through a proxy.
  const report = computed(() => analyze({ cloudProfile: toRaw(cloudProfile.value), shoot: toRaw(shoot.value) }, { now }));
  const nextForcedUpdate = computed(() => report.value.summary.nextForcedUpdate);
  return { report, nextForcedUpdate };
}
