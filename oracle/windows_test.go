package oracle

import (
	"encoding/json"
	"fmt"
	"time"

	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	"github.com/gardener/gardener/pkg/apis/utils/timewindow"
	gardenerutils "github.com/gardener/gardener/pkg/utils/gardener"
)

// Maintenance time windows (pkg/apis/utils/timewindow, pkg/utils/gardener/shoot.go).
func init() {
	register("time-window", timeWindow)
	// The bounds of RandomDurationUntilNext are read by pinning the random draw at each end of its
	// range, as Gardener's own test does.
	timewindow.RandomFunc = func(min, max int64) int64 { return drawAt(min, max) }
}

// drawAt is where the next random draw of a window lands: the minimum, or just below the
// exclusive maximum, which the corpus states as the maximum itself.
var drawAt = func(min, _ int64) int64 { return min }

func timeWindow(now time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		Op          string                                   `json:"op"`
		Maintenance *gardencorev1beta1.Maintenance           `json:"maintenance"`
		TimeWindow  *gardencorev1beta1.MaintenanceTimeWindow `json:"timeWindow"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	switch input.Op {
	case "effective-window":
		shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Maintenance: input.Maintenance}}
		w := gardenerutils.EffectiveShootMaintenanceTimeWindow(shoot)
		return map[string]any{"begin": w.Begin().String(), "end": w.End().String()}, nil
	case "raw-contains", "delay-until-next":
		if input.TimeWindow == nil {
			return nil, fmt.Errorf("%s needs timeWindow", input.Op)
		}
		w, err := timewindow.ParseMaintenanceTimeWindow(input.TimeWindow.Begin, input.TimeWindow.End)
		if err != nil {
			// The case kind has no error result: such a window is not compared.
			return nil, err
		}
		if input.Op == "raw-contains" {
			return map[string]any{"contains": w.Contains(now)}, nil
		}
		drawAt = func(min, _ int64) int64 { return min }
		earliest := w.RandomDurationUntilNext(now, false)
		drawAt = func(_, max int64) int64 { return max }
		latest := w.RandomDurationUntilNext(now, false)
		drawAt = func(min, _ int64) int64 { return min }
		return map[string]any{"earliest": goDuration(earliest), "latest": goDuration(latest)}, nil
	}
	return nil, fmt.Errorf("unknown op %q", input.Op)
}
