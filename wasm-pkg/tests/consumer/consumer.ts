// A typed consumer: `tsc --noEmit` must accept it against the package's generated declarations.
import { analyze, type Report, type Diagnostic, type Classification } from "shoot-policy";

const report: Report = analyze(
  { cloudProfile: "kind: CloudProfile", shoot: { kind: "Shoot", metadata: { name: "x" } } },
  { now: new Date(), until: "2028-01-01T00:00:00Z" },
);
const firstProblem: Diagnostic | undefined = report.diagnostics[0];
const line: number | undefined = firstProblem?.line;
const classes: Classification[] = report.versions?.kubernetes.map((v) => v.classification) ?? [];
const nextWindow: string | undefined = report.maintenanceWindow?.nextBegin;

export { line, classes, nextWindow };
