package oracle

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/go-logr/logr"
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/selection"
	"k8s.io/client-go/tools/events"
	"k8s.io/component-base/version"
	"k8s.io/utils/clock"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1beta1helper "github.com/gardener/gardener/pkg/api/core/v1beta1/helper"
	controllermanagerconfigv1alpha1 "github.com/gardener/gardener/pkg/apis/config/controllermanager/v1alpha1"
	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gardener/gardener/pkg/apis/core/v1beta1/constants"
	resourcesv1alpha1 "github.com/gardener/gardener/pkg/apis/resources/v1alpha1"
	"github.com/gardener/gardener/pkg/client/kubernetes"
	fakekubernetes "github.com/gardener/gardener/pkg/client/kubernetes/fake"
	"github.com/gardener/gardener/pkg/component/gardener/resourcemanager"
	shoothibernation "github.com/gardener/gardener/pkg/controllermanager/controller/shoot/hibernation"
	"github.com/gardener/gardener/pkg/gardenlet/controller/shoot/care"
	shootpkg "github.com/gardener/gardener/pkg/gardenlet/operation/shoot"
	gardenerutils "github.com/gardener/gardener/pkg/utils/gardener"
	"github.com/gardener/gardener/pkg/utils/hibernation"
)

// The webhook constraints and the hibernation/maintenance overlap of the gardenlet's care
// controller (pkg/gardenlet/controller/shoot/care: constraints.go, hibernation.go).
func init() {
	register("hibernation-constraint", hibernationConstraint)
	register("hibernation-maintenance-overlap", hibernationMaintenanceOverlap)
	register("hibernation-schedule", hibernationScheduleReconcile)
}

const (
	kindValidating = "ValidatingWebhookConfiguration"
	kindMutating   = "MutatingWebhookConfiguration"
)

// webhookObjects reads the pasted configurations into the typed objects the shoot's API server
// would return.
func webhookObjects(raw []json.RawMessage) ([]client.Object, error) {
	objects := make([]client.Object, 0, len(raw))
	for i, item := range raw {
		var head struct {
			Kind string `json:"kind"`
		}
		if err := json.Unmarshal(item, &head); err != nil {
			return nil, fmt.Errorf("webhookConfigurations[%d]: %w", i, err)
		}
		var object client.Object
		switch head.Kind {
		case kindValidating:
			object = &admissionregistrationv1.ValidatingWebhookConfiguration{}
		case kindMutating:
			object = &admissionregistrationv1.MutatingWebhookConfiguration{}
		default:
			return nil, fmt.Errorf("webhookConfigurations[%d]: kind %q is not served", i, head.Kind)
		}
		if err := json.Unmarshal(item, object); err != nil {
			return nil, fmt.Errorf("webhookConfigurations[%d]: %w", i, err)
		}
		objects = append(objects, object)
	}
	return objects, nil
}

// listingSelector is the care controller's package-level label selector (constraints.go
// `labelSelector`, unexported), rebuilt from the same constants: configurations of the resource
// manager or managed by Gardener are not checked.
func listingSelector() (client.MatchingLabelsSelector, error) {
	notResourceManager, err := labels.NewRequirement(v1beta1constants.LabelApp, selection.NotIn, []string{resourcemanager.LabelValue})
	if err != nil {
		return client.MatchingLabelsSelector{}, err
	}
	notManagedByGardener, err := labels.NewRequirement(resourcesv1alpha1.ManagedBy, selection.NotIn, []string{resourcesv1alpha1.GardenerManager})
	if err != nil {
		return client.MatchingLabelsSelector{}, err
	}
	return client.MatchingLabelsSelector{Selector: labels.NewSelector().Add(*notResourceManager, *notManagedByGardener)}, nil
}

// hibernationConstraint runs the care controller's constraint check (`NewConstraint(...).Check`,
// as constraints_test.go wires it: fake seed and shoot clients, a shoot client set whose API
// server runs) and reports both webhook constraints; `problematicWebhooks` lists every webhook
// `IsProblematicWebhook` flags among the configurations the check lists, validating first.
func hibernationConstraint(now time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		Shoot                 *gardencorev1beta1.Shoot `json:"shoot"`
		WebhookConfigurations []json.RawMessage        `json:"webhookConfigurations"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	shoot := input.Shoot
	if shoot == nil {
		// The schema's default: awake, the last reconciliation succeeded.
		shoot = &gardencorev1beta1.Shoot{Status: gardencorev1beta1.ShootStatus{
			LastOperation: &gardencorev1beta1.LastOperation{
				Type:  gardencorev1beta1.LastOperationTypeReconcile,
				State: gardencorev1beta1.LastOperationStateSucceeded,
			},
		}}
	} else {
		// The gardenlet reads the Shoot from the API server, which drops empty lists
		// (`omitempty`): `lastErrors: []` arrives as nil, as the engine reads it.
		stored, err := json.Marshal(shoot)
		if err != nil {
			return nil, err
		}
		shoot = &gardencorev1beta1.Shoot{}
		if err := json.Unmarshal(stored, shoot); err != nil {
			return nil, err
		}
	}
	if shoot.Name == "" {
		shoot.Name, shoot.Namespace = "shoot", "garden-dev"
	}
	objects, err := webhookObjects(input.WebhookConfigurations)
	if err != nil {
		return nil, err
	}

	ctx := context.Background()
	seedClient := newFakeClient(kubernetes.SeedScheme).Build()
	shootClient := newFakeClient(kubernetes.ShootScheme).WithObjects(objects...).Build()
	info := &shootpkg.Shoot{ControlPlaneNamespace: "shoot--dev--" + shoot.Name}
	info.SetInfo(shoot)
	info.HibernationEnabled = v1beta1helper.HibernationIsEnabled(shoot)
	// The care reconciler passes the real clock; inside the bubble it reads `now`.
	realClock := clock.RealClock{}
	constraint := care.NewConstraint(logr.Discard(), info, seedClient, func() (kubernetes.Interface, bool, error) {
		return fakekubernetes.NewClientSetBuilder().WithClient(shootClient).Build(), true, nil
	}, realClock)
	conditions := constraint.Check(ctx, care.NewShootConstraints(realClock, shoot))

	selector, err := listingSelector()
	if err != nil {
		return nil, err
	}
	problematic := []map[string]string{}
	validating := &admissionregistrationv1.ValidatingWebhookConfigurationList{}
	if err := shootClient.List(ctx, validating, selector); err != nil {
		return nil, err
	}
	for _, config := range validating.Items {
		for _, w := range config.Webhooks {
			if care.IsProblematicWebhook(w.FailurePolicy, w.ObjectSelector, w.NamespaceSelector, w.Rules, w.TimeoutSeconds) {
				problematic = append(problematic, map[string]string{"kind": kindValidating, "configuration": config.Name, "webhook": w.Name})
			}
		}
	}
	mutating := &admissionregistrationv1.MutatingWebhookConfigurationList{}
	if err := shootClient.List(ctx, mutating, selector); err != nil {
		return nil, err
	}
	for _, config := range mutating.Items {
		for _, w := range config.Webhooks {
			if care.IsProblematicWebhook(w.FailurePolicy, w.ObjectSelector, w.NamespaceSelector, w.Rules, w.TimeoutSeconds) {
				problematic = append(problematic, map[string]string{"kind": kindMutating, "configuration": config.Name, "webhook": w.Name})
			}
		}
	}

	expect := map[string]any{"problematicWebhooks": problematic}
	for field, conditionType := range map[string]gardencorev1beta1.ConditionType{
		"hibernationPossible":               gardencorev1beta1.ShootHibernationPossible,
		"maintenancePreconditionsSatisfied": gardencorev1beta1.ShootMaintenancePreconditionsSatisfied,
	} {
		condition := v1beta1helper.GetCondition(conditions, conditionType)
		if condition == nil {
			expect[field] = nil
			continue
		}
		codes := []string{}
		for _, code := range condition.Codes {
			codes = append(codes, string(code))
		}
		expect[field] = map[string]any{
			"status":  string(condition.Status),
			"reason":  condition.Reason,
			"message": condition.Message,
			"codes":   codes,
		}
	}
	return expect, nil
}

// hibernationMaintenanceOverlap asks `care.IsShootHibernatedDuringNextMaintenanceWindow`.
func hibernationMaintenanceOverlap(now time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		Shoot gardencorev1beta1.Shoot `json:"shoot"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	return map[string]any{
		"hibernatedDuringNextMaintenanceWindow": care.IsShootHibernatedDuringNextMaintenanceWindow(&input.Shoot, now),
	}, nil
}

// hibernationScheduleReconcile runs the controller-manager's hibernation Reconciler
// (pkg/controllermanager/controller/shoot/hibernation) on the Shoot with a fake client and a
// fake clock at `now`, as reconciler_test.go does, and reports what it did: the event it
// recorded, the patched `spec.hibernation.enabled` and `status.lastHibernationTriggerTime`, and
// the requeue.
func hibernationScheduleReconcile(now time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		Shoot  gardencorev1beta1.Shoot `json:"shoot"`
		Config struct {
			TriggerDeadlineDuration *metav1.Duration `json:"triggerDeadlineDuration"`
		} `json:"config"`
		ControllerVersion string `json:"controllerVersion"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	shoot := &input.Shoot
	if shoot.Name == "" {
		shoot.Name = "shoot"
	}
	if shoot.Namespace == "" {
		shoot.Namespace = "garden-dev"
	}
	// Gardener compares the Shoot's gardener version with the running binary's version
	// (`version.Get().GitVersion`), which a test binary cannot choose: the case's question
	// "is it the controller's version" is asked with the binary's own version instead.
	switch shoot.Status.Gardener.Version {
	case input.ControllerVersion:
		shoot.Status.Gardener.Version = version.Get().GitVersion
	case version.Get().GitVersion:
		shoot.Status.Gardener.Version = "not-" + version.Get().GitVersion
	}
	if shoot.Spec.Hibernation != nil {
		for i, schedule := range shoot.Spec.Hibernation.Schedules {
			if schedule.Start == nil && schedule.End == nil {
				// Validation requires one of them; with no entry at all Reconcile indexes an empty slice.
				return nil, fmt.Errorf("schedule %d has neither start nor end, which the API rejects", i)
			}
		}
	}
	if shoot.DeletionTimestamp != nil {
		return nil, fmt.Errorf("a Shoot being deleted is not served (the fake client needs finalizers)")
	}
	// Previous loops forever on an entry that never fires (`0 0 30 2 *`); the failed-and-up-to-date
	// path does not call it.
	if shoot.Spec.Hibernation != nil && !gardenerutils.IsShootFailedAndUpToDate(shoot) {
		if parsed, err := hibernation.Parse(shoot.Spec.Hibernation.Schedules); err == nil {
			for i := range parsed {
				if parsed[i].Next(now).IsZero() {
					return nil, fmt.Errorf("schedule entry %d never fires: Gardener's Reconcile would not return", i)
				}
			}
		}
	}

	ctx := context.Background()
	fakeClient := newFakeClient(kubernetes.GardenScheme).
		WithStatusSubresource(&gardencorev1beta1.Shoot{}).WithObjects(shoot.DeepCopy()).Build()
	recorder := events.NewFakeRecorder(16)
	reconciler := &shoothibernation.Reconciler{
		Client:   fakeClient,
		Config:   controllermanagerconfigv1alpha1.ShootHibernationControllerConfiguration{TriggerDeadlineDuration: input.Config.TriggerDeadlineDuration},
		Clock:    testclock.NewFakeClock(now),
		Recorder: recorder,
	}
	result, err := reconciler.Reconcile(ctx, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(shoot)})
	if err != nil {
		return nil, fmt.Errorf("reconcile: %w", err)
	}

	action := "none"
	select {
	case event := <-recorder.Events:
		switch {
		case strings.Contains(event, gardencorev1beta1.ShootEventHibernationEnabled):
			action = "hibernate"
		case strings.Contains(event, gardencorev1beta1.ShootEventHibernationDisabled):
			action = "wakeUp"
		default:
			return nil, fmt.Errorf("unexpected event %q", event)
		}
	default:
	}
	expect := map[string]any{"action": action, "hibernationEnabled": nil, "lastHibernationTriggerTime": nil, "requeueAfter": "0s", "nextScheduleTime": nil}
	if action != "none" {
		after := &gardencorev1beta1.Shoot{}
		if err := fakeClient.Get(ctx, client.ObjectKeyFromObject(shoot), after); err != nil {
			return nil, err
		}
		if after.Spec.Hibernation == nil || after.Spec.Hibernation.Enabled == nil || after.Status.LastHibernationTriggerTime == nil {
			return nil, fmt.Errorf("the reconciler acted but did not write the Shoot")
		}
		expect["hibernationEnabled"] = *after.Spec.Hibernation.Enabled
		expect["lastHibernationTriggerTime"] = after.Status.LastHibernationTriggerTime.UTC().Format(time.RFC3339Nano)
	}
	// controller-runtime requeues only after a positive duration.
	if result.RequeueAfter > 0 {
		expect["requeueAfter"] = goDuration(result.RequeueAfter)
		expect["nextScheduleTime"] = now.Add(result.RequeueAfter - 100*time.Millisecond).UTC().Format(time.RFC3339Nano)
	}
	return expect, nil
}
