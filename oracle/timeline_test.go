package oracle

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	gardenerutils "github.com/gardener/gardener/pkg/utils/gardener"
)

// The timeline against the real controller: the maintenance reconciler run window by window up to a
// horizon, each run at the instant `sample` names inside the Shoot's effective window (`early`: just
// after its begin, `late`: just before its end), the Shoot the run leaves carried into the next
// window, as Gardener's requeue (`RandomDurationUntilNext`) moves the controller from window to window.
func init() {
	register("timeline-reconcile", timelineReconcile)
}

// The most windows one timeline runs, so no input makes the oracle run away.
const maxTimelineRuns = 2000

func timelineReconcile(now time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		CloudProfile json.RawMessage `json:"cloudProfile"`
		Shoot        map[string]any  `json:"shoot"`
		Until        time.Time       `json:"until"`
		Sample       string          `json:"sample"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	if input.Sample != "early" && input.Sample != "late" {
		return nil, fmt.Errorf("input.sample %q is neither early nor late", input.Sample)
	}
	var profile gardencorev1beta1.CloudProfile
	if err := json.Unmarshal(input.CloudProfile, &profile); err != nil {
		return nil, fmt.Errorf("input.cloudProfile: %w", err)
	}
	shoot := input.Shoot
	typed, err := typedShoot(shoot)
	if err != nil {
		return nil, err
	}
	window := gardenerutils.EffectiveShootMaintenanceTimeWindow(typed)
	transitions := versionTransitions(&profile)

	events := []map[string]any{}
	from, lastRun, changed := now, time.Time{}, true
	for runs := 0; runs < maxTimelineRuns; runs++ {
		drawAt = func(min, _ int64) int64 { return min }
		begin := from.Add(window.RandomDurationUntilNext(from, false))
		drawAt = func(_, max int64) int64 { return max }
		end := from.Add(window.RandomDurationUntilNext(from, false))
		drawAt = func(min, _ int64) int64 { return min }
		if begin.After(input.Until) {
			break
		}
		from = end
		at := begin.Add(time.Nanosecond)
		if input.Sample == "late" {
			at = end.Add(-time.Nanosecond)
		}
		// A run that changed nothing changes nothing again until a version's classification does:
		// the reconciler's result depends on the Shoot and the classifications alone.
		if !changed && !transitionBetween(transitions, lastRun, at) {
			continue
		}
		time.Sleep(at.Sub(time.Now()))
		answer, err := maintenanceReconcile(at, mustMarshal(map[string]any{"cloudProfile": input.CloudProfile, "shoot": shoot}))
		if err != nil {
			return nil, fmt.Errorf("the run at %s: %w", at.Format(time.RFC3339Nano), err)
		}
		var expect map[string]any
		if err := json.Unmarshal(mustMarshal(answer), &expect); err != nil {
			return nil, fmt.Errorf("the run at %s: %w", at, err)
		}
		made := applyRun(shoot, expect, begin)
		events = append(events, made...)
		changed, lastRun = len(made) > 0, at
	}
	return map[string]any{"events": events}, nil
}

func typedShoot(shoot map[string]any) (*gardencorev1beta1.Shoot, error) {
	typed := &gardencorev1beta1.Shoot{}
	if err := json.Unmarshal(mustMarshal(shoot), typed); err != nil {
		return nil, fmt.Errorf("input.shoot: %w", err)
	}
	return typed, nil
}

func mustMarshal(value any) json.RawMessage {
	text, err := json.Marshal(value)
	if err != nil {
		panic(err)
	}
	return text
}

// versionTransitions lists every instant at which a version of the profile changes its
// classification: expiration dates and lifecycle stage starts.
func versionTransitions(profile *gardencorev1beta1.CloudProfile) []time.Time {
	var instants []time.Time
	add := func(version gardencorev1beta1.ExpirableVersion) {
		if version.ExpirationDate != nil {
			instants = append(instants, version.ExpirationDate.Time)
		}
		for _, stage := range version.Lifecycle {
			if stage.StartTime != nil {
				instants = append(instants, stage.StartTime.Time)
			}
		}
	}
	for _, version := range profile.Spec.Kubernetes.Versions {
		add(version)
	}
	for _, image := range profile.Spec.MachineImages {
		for _, version := range image.Versions {
			add(version.ExpirableVersion)
		}
	}
	slices.SortFunc(instants, func(a, b time.Time) int { return a.Compare(b) })
	return instants
}

// transitionBetween says whether a classification changes between two runs: a stage starting at t
// is seen by a run after t.
func transitionBetween(instants []time.Time, after, upTo time.Time) bool {
	for _, instant := range instants {
		if !instant.Before(after) && instant.Before(upTo) {
			return true
		}
	}
	return false
}

// applyRun writes the versions a run left into the Shoot for the next window and returns the
// changes, the control plane first, then each pool's Kubernetes version and image.
func applyRun(shoot map[string]any, expect map[string]any, window time.Time) []map[string]any {
	var made []map[string]any
	note := func(component, from, to string) {
		if from != to {
			made = append(made, map[string]any{
				"windowBegin": window.UTC().Format(time.RFC3339), "component": component, "from": from, "to": to,
			})
		}
	}
	spec, _ := shoot["spec"].(map[string]any)
	kubernetes, _ := spec["kubernetes"].(map[string]any)
	if version, ok := expect["kubernetesVersion"].(string); ok && kubernetes != nil {
		note("control-plane", fmt.Sprint(kubernetes["version"]), version)
		kubernetes["version"] = version
	}
	provider, _ := spec["provider"].(map[string]any)
	pools, _ := provider["workers"].([]any)
	results, _ := expect["workers"].([]any)
	for index, result := range results {
		if index >= len(pools) {
			break
		}
		pool, _ := pools[index].(map[string]any)
		after, _ := result.(map[string]any)
		name := fmt.Sprint(pool["name"])
		if version, ok := after["kubernetesVersion"].(string); ok {
			own, _ := pool["kubernetes"].(map[string]any)
			if own != nil {
				note("pool/"+name+"/kubernetes", fmt.Sprint(own["version"]), version)
				own["version"] = version
			}
		}
		image, _ := after["machineImage"].(map[string]any)
		machine, _ := pool["machine"].(map[string]any)
		current, _ := machine["image"].(map[string]any)
		if image != nil && current != nil {
			if version, ok := image["version"].(string); ok {
				note("pool/"+name+"/image", fmt.Sprint(current["version"]), version)
				current["version"] = version
			}
		}
	}
	return made
}
