package oracle

import (
	"encoding/json"
	"time"

	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	shoothelper "github.com/gardener/gardener/pkg/gardenlet/controller/shoot/shoot/helper"
	gardenerutils "github.com/gardener/gardener/pkg/utils/gardener"
)

// Control-plane migration: which seed is responsible and which operation the gardenlet runs
// (pkg/utils/gardener/migration.go, the shoot controller's helper). The ReadyForMigration
// constraint is written by the migration reconciler with wall-clock times and has no exported
// function of its own: it is not served.
func init() {
	register("migration", migration)
}

func migration(_ time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		Shoot gardencorev1beta1.Shoot `json:"shoot"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	return map[string]any{
		"responsibleSeed": gardenerutils.GetResponsibleSeedName(input.Shoot.Spec.SeedName, input.Shoot.Status.SeedName),
		"operationType":   shoothelper.ComputeOperationType(&input.Shoot),
	}, nil
}
