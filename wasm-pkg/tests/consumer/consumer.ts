// A typed consumer: `tsc --noEmit` must accept it against the package's generated declarations.
import { analyze, type Report, type Diagnostic, type Classification, type TimelineEvent, type UpdateReason, type Component } from "shoot-policy";

const report: Report = analyze(
  { cloudProfile: "kind: CloudProfile", shoot: { kind: "Shoot", metadata: { name: "x" } } },
  { now: new Date(), until: "2028-01-01T00:00:00Z" },
);
const firstProblem: Diagnostic | undefined = report.diagnostics[0];
const line: number | undefined = firstProblem?.line;
const classes: Classification[] = report.versions?.kubernetes.map((v) => v.classification) ?? [];
const nextWindow: string | undefined = report.maintenanceWindow?.nextBegin;
// The timeline is typed: a dashboard can list forced updates without casts.
const forced: TimelineEvent[] = report.timeline?.events.filter((event) => event.reason === "force") ?? [];
const reason: UpdateReason | undefined = forced[0]?.reason;
type ImageComponent = Extract<Component, { kind: "machineImage" }>;
const pool: string | undefined = forced
  .map((e) => e.component)
  .find((c): c is ImageComponent => c.kind === "machineImage")?.pool;
const impact: string[] = forced[0]?.nodeImpact.rolling ?? [];

// A project's Shoots against one CloudProfile: a report each and a typed summary.
import { analyzeFleet, type FleetReport } from "shoot-policy";
const fleet: FleetReport = analyzeFleet({ cloudProfile: "kind: CloudProfile", shoots: ["kind: Shoot", { kind: "Shoot" }] }, { now: new Date() });
const nextForced: string | undefined = fleet.summary.nextForcedUpdate?.windowBegin;
const healthy: number = fleet.summary.statusLabels["healthy"] ?? 0;
const firstShoot: string | undefined = fleet.reports[0]?.shoot;

// Every part of the report is typed, down to the webhooks, roll triggers and status label.
import type { ProblematicWebhook, PoolTrigger, StatusLabel, ScheduleEvent, CleanupStep } from "shoot-policy";
const blockers: ProblematicWebhook[] = report.hibernation?.webhooks.problematicWebhooks ?? [];
const fix: string | undefined = blockers[0]?.fixes[0]?.patch;
const hibernationPossible: string | undefined = report.hibernation?.webhooks.hibernationPossible.status;
const nextSleep: ScheduleEvent | undefined = report.hibernation?.scheduleEvents[0];
const rolling: PoolTrigger[] = Object.values(report.rollTriggers?.workers ?? {}).filter((t) => t.update === "rolling");
const perZone: number | undefined = report.rolloutShapes["pool-a"]?.zones[0]?.atMaximum.replicas;
const label: StatusLabel | undefined = report.status?.label.label;
const retryable: boolean = report.status?.errorCodes.some((c) => c.retryability === "retryable") ?? false;
const controlPlaneTarget: string | undefined = report.maintenanceNow?.kubernetes.to;
const forceTargets: string[] = report.versions?.eligibleUpdates?.[0]?.force ?? [];
const cleanup: CleanupStep[] = report.cleanupPlan?.steps ?? [];
const candidates: string[] = report.seedScheduling?.candidates ?? [];
const migrationNext: string | undefined = report.migration?.nextOperation;
// A field the report may leave unset is `null` at run time, and typed so.
const noMigration: boolean = report.migration === null;

export { line, classes, nextWindow, reason, pool, impact, nextForced, healthy, firstShoot };
export { fix, hibernationPossible, nextSleep, rolling, perZone, label, retryable, controlPlaneTarget, forceTargets };
export { cleanup, candidates, migrationNext, noMigration };

// The embedded app (`shoot-policy/embed`): mount options and the custom element's properties are typed.
import {
  mount,
  defineExplainer,
  type ExplainerHandle,
  type ExplainerInputs,
  type ExplainerSettings,
  type ExplainerCard,
} from "shoot-policy/embed";

export function showExplainer(element: Element, shoot: Record<string, unknown>): ExplainerHandle {
  const inputs: ExplainerInputs = { cloudProfile: "kind: CloudProfile", shoot, objects: [shoot], now: new Date() };
  const handle = mount(element, inputs, { view: ["summary", "timeline"], theme: "dark" });
  handle.update({ now: "2027-01-01T00:00:00Z", theme: "light" });
  const settings: ExplainerSettings = { view: "full" };
  void mount(element, inputs, settings);
  // @ts-expect-error: a card that does not exist
  void mount(element, inputs, { view: "timline" });
  const card: ExplainerCard = "rollTriggers";
  void card;
  const explainer = document.createElement("shoot-policy-explainer");
  explainer.shoot = shoot;
  explainer.previousShoot = "kind: Shoot";
  explainer.update();
  const rendered: Promise<boolean> | undefined = explainer.ready;
  void rendered;
  const startError: unknown = handle.error;
  void startError;
  const Renamed = defineExplainer("my-shoot-explainer");
  void new Renamed().now;
  return handle;
}

// The summary: what happens next and what blocks it, typed down to the tone of each fact.
import type { Summary, BlockedSpan, VersionState, Fact, Tone } from "shoot-policy";
const summary: Summary = report.summary;
const nextForcedTarget: string | undefined = summary.nextForcedUpdate?.to;
const blockedUntil: string | null | undefined = (summary.blockedUpdates as BlockedSpan[])[0]?.until;
const expiring: VersionState[] = summary.versions.filter((v) => v.expires !== null && v.autoUpdate);
const hibernationPossibleNow: boolean | undefined = summary.hibernation?.possible;
const tones: Tone[] = summary.facts.map((fact: Fact) => fact.tone);

// Interface-typed objects are Documents, as a dashboard's typed Shoots are.
interface TypedShoot {
  kind: "Shoot";
  metadata: { name: string; namespace?: string };
  spec: { kubernetes: { version: string } };
}
const typedShoot: TypedShoot = { kind: "Shoot", metadata: { name: "x" }, spec: { kubernetes: { version: "1.31.1" } } };
const fromTyped: Report = analyze({ shoot: typedShoot }, { now: new Date() });

// One-part functions are typed as their part.
import { hibernation, timeline, type HibernationReport, type ConditionStatus, type FieldErrorType } from "shoot-policy";
const sleepOnly: HibernationReport = hibernation({ shoot: typedShoot }, { now: new Date() });
const sleepStatus: ConditionStatus | undefined = sleepOnly.hibernation?.webhooks.hibernationPossible.status;
// @ts-expect-error a one-part result has no other part
const notThere = timeline({ shoot: typedShoot }, { now: new Date() }).hibernation;
// @ts-expect-error a typo in a condition status does not compile
const statusTypo: ConditionStatus = "Ture";
void statusTypo;
const problemType: FieldErrorType | undefined = fromTyped.validation.problems[0]?.type;
const operation: "Create" | "Reconcile" | "Migrate" | "Restore" | "Delete" | undefined = fromTyped.status?.nextOperation;

// Classifications are exact: a typo does not compile.
const firstClassification: Classification | undefined = report.versions?.kubernetes[0]?.classification;
// @ts-expect-error: "deprecatd" is not a classification
const classificationTypo = firstClassification === "deprecatd";
void classificationTypo;
const stageStarts: (string | undefined)[] = report.versions?.kubernetes[0]?.lifecycle.map((stage) => stage.startTime) ?? [];
void stageStarts;

// An Analyzer keeps the CloudProfile between calls; its reports are typed as analyze's.
import { Analyzer, type Area } from "shoot-policy";
const analyzer = new Analyzer();
const kept: Report = analyzer.analyze({ shoot: typedShoot }, { now: new Date(), areas: ["validation"] });
const someAreas: Area[] = ["timeline", "hibernation"];
// @ts-expect-error a misspelt area does not compile
const badArea: Area = "timelin";
void kept; void someAreas; void badArea;
analyzer.free();

// The hibernation answer's statuses are literal unions, as the report's conditions are.
type HibernationAnswer = NonNullable<Summary["hibernation"]>;
const checkStatus: "True" | "False" | undefined = summary.hibernation?.checkStatus;
const constraintStatus: ConditionStatus | undefined = summary.hibernation?.constraintStatus;
// @ts-expect-error: the webhook check is True or False; only the constraint can be Progressing
const checkProgressing: HibernationAnswer["checkStatus"] = "Progressing";
const constraintProgressing: HibernationAnswer["constraintStatus"] = "Progressing";
// @ts-expect-error: a typo in the constraint's status does not compile
const constraintTypo: HibernationAnswer["constraintStatus"] = "Ture";
void checkStatus; void constraintStatus; void checkProgressing; void constraintProgressing; void constraintTypo;

// An analysis needs at least one input: `analyze({})` has nothing to analyse and does not compile.
// @ts-expect-error: no input given
analyze({}, { now: new Date() });
// @ts-expect-error: no input given, for the one-part functions and the Analyzer too
void hibernation({}, { now: new Date() });
// @ts-expect-error: no input given
void analyzer.analyze({}, { now: new Date() });
// @ts-expect-error: a misspelt input does not compile either
void analyze({ cloudprofile: "kind: CloudProfile", shoot: typedShoot }, { now: new Date() });
// An input held in a variable that may be unset (a dashboard's state before it loads) is accepted.
declare const loadedShoot: TypedShoot | undefined;
declare const loadedProfile: string | undefined;
void analyze({ cloudProfile: loadedProfile, shoot: loadedShoot }, { now: new Date() });
void analyze({ objects: [typedShoot] }, { now: new Date() });

// The package initialises its engine itself: wasm-bindgen's initialisation functions are neither
// declared nor exported (exports.test.mjs and tests/e2e/package.test.mjs check the entries).
// @ts-expect-error: no initSync
import { initSync } from "shoot-policy";
void initSync;
