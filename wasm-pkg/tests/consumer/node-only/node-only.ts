// A Node.js-only consumer compiles against the package's declarations without the DOM's types
// (`tsc -p node-only`, lib es2022 alone).
import { Analyzer, analyze, analyzeFleet, type Report, type Options } from "shoot-policy";

const options: Options = { now: new Date(), limits: { maxBytes: 2 ** 24 } };
const report: Report = analyze({ cloudProfile: "kind: CloudProfile", shoot: "kind: Shoot" }, options);
const forced: string | undefined = report.summary.nextForcedUpdate?.to;
const fleet = analyzeFleet({ cloudProfile: "kind: CloudProfile", shoots: ["kind: Shoot"] }, options);
const analyzer = new Analyzer();
analyzer.analyze({ shoot: "kind: Shoot" }, options);
analyzer.free();

// The DOM's library is not there: the check above is real.
// @ts-expect-error: no `document` without the DOM's types
void document;

export { forced, fleet };
