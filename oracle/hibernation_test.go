package oracle

import (
	"encoding/json"
	"fmt"
	"time"

	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	"github.com/gardener/gardener/pkg/utils/hibernation"
)

// Hibernation schedules (pkg/utils/hibernation/hibernationschedule.go).
func init() {
	register("hibernation-schedule-parse", scheduleParse)
	register("hibernation-schedule-next", scheduleNext)
	register("hibernation-schedule-previous", schedulePrevious)
}

var operationNames = map[hibernation.Operation]string{hibernation.Hibernate: "Hibernate", hibernation.WakeUp: "WakeUp"}

func scheduleParse(_ time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		Schedules []gardencorev1beta1.HibernationSchedule `json:"schedules"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	parsed, err := hibernation.Parse(input.Schedules)
	operations, locations := []string{}, []string{}
	for _, entry := range parsed {
		operations = append(operations, operationNames[entry.Operation])
		locations = append(locations, entry.Location.String())
	}
	return map[string]any{"error": err != nil, "operations": operations, "locations": locations}, nil
}

// scheduleEntry parses `input.schedule` and picks the entry of `input.operation` (the first
// entry without one), as the corpus' cases do.
func scheduleEntry(raw json.RawMessage) (*hibernation.ParsedSchedule, error) {
	var input struct {
		Schedule  gardencorev1beta1.HibernationSchedule `json:"schedule"`
		Operation *string                               `json:"operation"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	parsed, err := hibernation.Parse([]gardencorev1beta1.HibernationSchedule{input.Schedule})
	if err != nil {
		return nil, fmt.Errorf("input.schedule: %w", err)
	}
	for i := range parsed {
		if input.Operation == nil || operationNames[parsed[i].Operation] == *input.Operation {
			return &parsed[i], nil
		}
	}
	return nil, fmt.Errorf("input.schedule has no entry for the operation")
}

// neverFires guards the calls that loop forever on a schedule that never fires (`0 0 30 2 *`):
// Next gives the zero time then.
func neverFires(entry *hibernation.ParsedSchedule, from time.Time) bool {
	return entry.Next(from).IsZero()
}

func scheduleNext(now time.Time, raw json.RawMessage) (any, error) {
	entry, err := scheduleEntry(raw)
	if err != nil {
		return nil, err
	}
	next := entry.Next(now)
	if next.IsZero() {
		return map[string]any{"next": nil}, nil
	}
	return map[string]any{"next": next.UTC().Format(time.RFC3339Nano)}, nil
}

func schedulePrevious(_ time.Time, raw json.RawMessage) (any, error) {
	entry, err := scheduleEntry(raw)
	if err != nil {
		return nil, err
	}
	var bounds struct {
		From time.Time `json:"from"`
		To   time.Time `json:"to"`
	}
	if err := json.Unmarshal(raw, &bounds); err != nil {
		return nil, err
	}
	if neverFires(entry, bounds.From) {
		return nil, fmt.Errorf("the schedule never fires: Gardener's Previous would not return")
	}
	previous := entry.Previous(bounds.From, bounds.To)
	if previous == nil {
		return map[string]any{"previous": nil}, nil
	}
	return map[string]any{"previous": previous.UTC().Format(time.RFC3339Nano)}, nil
}
