package oracle

import (
	"encoding/json"
	"time"

	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	gardenerutils "github.com/gardener/gardener/pkg/utils/gardener"
)

// The status label (pkg/utils/gardener/shoot_status.go, as the statuslabel controller calls it).
func init() {
	register("status-label", statusLabel)
}

func statusLabel(_ time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		Shoot gardencorev1beta1.Shoot `json:"shoot"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	status := input.Shoot.Status
	label := gardenerutils.ComputeShootStatus(status.LastOperation, status.LastErrors, status.Conditions...)
	return map[string]any{"label": string(label)}, nil
}
