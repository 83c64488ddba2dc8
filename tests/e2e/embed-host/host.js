// The host page of tests/e2e/embed.test.mjs: imports the built npm package's embed entry (served
// under /npm/shoot-policy/ by `cargo xtask test`) and hands it to the test.
import * as embed from "/npm/shoot-policy/embed.js";

window.shootPolicyEmbed = embed;
document.documentElement.dataset.embedLoaded = "true";
