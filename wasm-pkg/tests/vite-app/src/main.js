// The Shoot page: the next forced update from `analyze`, and the explainer's summary and timeline.
import { createApp, defineComponent, h, onBeforeUnmount, onMounted, ref, shallowRef } from "vue";
import { mount } from "shoot-policy/embed";
import { useShootPolicy } from "./useShootPolicy.js";
// The consumer tests' fixtures (copied beside this file by `cargo xtask test`): a CloudProfile as
// text and a Shoot as the API returns it.
import { cloudProfile as profileText, shootObject } from "./fixtures.mjs";

/** The dashboard's tests freeze the clock; so does this page. */
const now = "2026-02-15T12:00:00Z";

const ShootExplainer = defineComponent({
  props: { cloudProfile: [String, Object], shoot: Object },
  setup(props) {
    const element = ref(null);
    let handle = null;
    onMounted(() => {
      handle = mount(element.value, { cloudProfile: props.cloudProfile, shoot: props.shoot, now }, { view: ["summary", "timeline"] });
      // For the browser test (tests/e2e/vite-app.test.mjs).
      window.explainerHandle = handle;
      handle.ready.then((rendered) => {
        document.body.dataset.explainerReady = String(rendered);
      });
    });
    onBeforeUnmount(() => handle?.unmount());
    return () => h("div", { ref: element, class: "explainer" });
  },
});

const ShootPage = defineComponent({
  setup() {
    const cloudProfile = shallowRef(profileText);
    const shoot = shallowRef(shootObject);
    const { report, nextForcedUpdate } = useShootPolicy(cloudProfile, shoot, now);
    const nextForced = () => {
      if (report.value === null) return "loading…";
      const next = nextForcedUpdate.value;
      return next ? `${next.to} at ${next.windowBegin}` : "none";
    };
    return () =>
      h("main", [
        h("h1", shoot.value.metadata.name),
        h("p", { id: "next-forced" }, nextForced()),
        h(ShootExplainer, { cloudProfile: cloudProfile.value, shoot: shoot.value }),
      ]);
  },
});

createApp(ShootPage).mount("#app");
