package oracle

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/go-logr/logr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	schedulerconfigv1alpha1 "github.com/gardener/gardener/pkg/apis/config/scheduler/v1alpha1"
	"github.com/gardener/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	"github.com/gardener/gardener/pkg/client/kubernetes"
	shootscheduler "github.com/gardener/gardener/pkg/scheduler/controller/shoot"
)

// The scheduler's choice for a new Shoot (pkg/scheduler/controller/shoot/reconciler.go,
// `DetermineSeed`, strategy SameRegion as the scheduler's configuration defaults it): the Seeds,
// the Shoots already placed, the CloudProfile and the Project are served by controller-runtime's
// fake client. Every object gets the API server's defaults first.
func init() {
	register("seed-scheduling", seedScheduling)
}

type schedulingInput struct {
	Shoot        *gardencorev1beta1.Shoot        `json:"shoot"`
	Seeds        []gardencorev1beta1.Seed        `json:"seeds"`
	Shoots       []gardencorev1beta1.Shoot       `json:"shoots"`
	CloudProfile *gardencorev1beta1.CloudProfile `json:"cloudProfile"`
	Project      *gardencorev1beta1.Project      `json:"project"`
}

func seedScheduling(_ time.Time, raw json.RawMessage) (any, error) {
	var input schedulingInput
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	if input.Shoot == nil || len(input.Seeds) == 0 || input.CloudProfile == nil || input.Project == nil {
		return nil, errors.New("served for the scheduler's cases only: input.shoot, seeds, cloudProfile and project")
	}
	shoot := input.Shoot
	kubernetes.GardenScheme.Default(shoot)
	objects := []client.Object{input.CloudProfile, input.Project}
	kubernetes.GardenScheme.Default(input.CloudProfile)
	for i := range input.Seeds {
		kubernetes.GardenScheme.Default(&input.Seeds[i])
		objects = append(objects, &input.Seeds[i])
	}
	for i := range input.Shoots {
		kubernetes.GardenScheme.Default(&input.Shoots[i])
		objects = append(objects, &input.Shoots[i])
	}
	c := newFakeClient(kubernetes.GardenScheme).
		WithObjects(objects...).
		WithIndex(&gardencorev1beta1.Project{}, core.ProjectNamespace, func(obj client.Object) []string {
			if namespace := obj.(*gardencorev1beta1.Project).Spec.Namespace; namespace != nil {
				return []string{*namespace}
			}
			return nil
		}).
		Build()
	reconciler := &shootscheduler.Reconciler{
		Client:          c,
		Config:          &schedulerconfigv1alpha1.ShootSchedulerConfiguration{Strategy: schedulerconfigv1alpha1.SameRegion},
		GardenNamespace: "garden",
	}
	seed, err := reconciler.DetermineSeed(context.Background(), logr.Discard(), shoot)
	if err != nil {
		return map[string]any{"error": err.Error()}, nil
	}
	return map[string]any{"seed": seed.Name}, nil
}
