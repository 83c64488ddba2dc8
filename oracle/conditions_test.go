package oracle

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/gardener/gardener/pkg/api/core/v1beta1/helper"
	gardenletconfigv1alpha1 "github.com/gardener/gardener/pkg/apis/config/gardenlet/v1alpha1"
	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	"github.com/gardener/gardener/pkg/gardenlet/controller/shoot/care"
	shoothelper "github.com/gardener/gardener/pkg/gardenlet/controller/shoot/shoot/helper"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/component-base/version"
	testclock "k8s.io/utils/clock/testing"
)

// Conditions, error codes and the gardenlet's operation decisions
// (pkg/api/core/v1beta1/helper/condition*.go, errors.go; care/health.go; shoot/helper/infos.go).
func init() {
	register("condition-threshold", conditionThreshold)
	register("condition-update", conditionUpdate)
	register("condition-pardon", conditionPardon)
	register("error-codes", errorCodes)
	register("operation-type", operationType)
	register("reconcile-decision", reconcileDecision)
}

func conditionThreshold(now time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		ConditionThresholds []struct {
			Type     gardencorev1beta1.ConditionType `json:"type"`
			Duration metav1.Duration                 `json:"duration"`
		} `json:"conditionThresholds"`
		LastOperation *gardencorev1beta1.LastOperation `json:"lastOperation"`
		Condition     gardencorev1beta1.Condition      `json:"condition"`
		Check         struct {
			Reason  string                        `json:"reason"`
			Message string                        `json:"message"`
			Codes   []gardencorev1beta1.ErrorCode `json:"codes"`
		} `json:"check"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	thresholds := map[gardencorev1beta1.ConditionType]time.Duration{}
	for _, threshold := range input.ConditionThresholds {
		thresholds[threshold.Type] = threshold.Duration.Duration
	}
	clock := testclock.NewFakeClock(now)
	return helper.FailedCondition(clock, input.LastOperation, thresholds, input.Condition, input.Check.Reason, input.Check.Message, input.Check.Codes...), nil
}

func conditionUpdate(now time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		Condition     *gardencorev1beta1.Condition    `json:"condition"`
		ConditionType gardencorev1beta1.ConditionType `json:"conditionType"`
		// The builder tells a field not given from one given empty, so these stay raw.
		Update *struct {
			Status  gardencorev1beta1.ConditionStatus `json:"status"`
			Reason  *string                           `json:"reason"`
			Message *string                           `json:"message"`
			Codes   []gardencorev1beta1.ErrorCode     `json:"codes"`
		} `json:"update"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	clock := testclock.NewFakeClock(now)
	var condition gardencorev1beta1.Condition
	if input.Condition != nil {
		condition = *input.Condition
	} else {
		if input.ConditionType == "" {
			return nil, fmt.Errorf("input.conditionType is required without a condition")
		}
		condition = helper.InitConditionWithClock(clock, input.ConditionType)
	}
	if input.Update == nil {
		return condition, nil
	}
	builder, err := helper.NewConditionBuilder(condition.Type)
	if err != nil {
		return nil, err
	}
	builder = builder.WithOldCondition(condition).WithClock(clock).WithStatus(input.Update.Status).WithCodes(input.Update.Codes...)
	if input.Update.Reason != nil {
		builder = builder.WithReason(*input.Update.Reason)
	}
	if input.Update.Message != nil {
		builder = builder.WithMessage(*input.Update.Message)
	}
	updated, _ := builder.Build()
	return updated, nil
}

func conditionPardon(now time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		LastOperation *gardencorev1beta1.LastOperation `json:"lastOperation"`
		LastErrors    []gardencorev1beta1.LastError    `json:"lastErrors"`
		Conditions    []gardencorev1beta1.Condition    `json:"conditions"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	// The API server stores no empty list (lastErrors is omitempty): what the controller reads is nil.
	if len(input.LastErrors) == 0 {
		input.LastErrors = nil
	}
	clock := testclock.NewFakeClock(now)
	pardoned := care.PardonConditions(clock, input.Conditions, input.LastOperation, input.LastErrors)
	return map[string]any{"conditions": pardoned}, nil
}

func errorCodes(_ time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		LastErrors []gardencorev1beta1.LastError `json:"lastErrors"`
		Code       gardencorev1beta1.ErrorCode   `json:"code"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	expect := map[string]any{"nonRetryable": helper.HasNonRetryableErrorCode(input.LastErrors...)}
	if input.Code != "" {
		expect["hasErrorCode"] = map[string]any{"code": input.Code, "result": helper.HasErrorCode(input.LastErrors, input.Code)}
	}
	return expect, nil
}

func operationType(_ time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		Shoot gardencorev1beta1.Shoot `json:"shoot"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	return map[string]any{"operationType": shoothelper.ComputeOperationType(&input.Shoot)}, nil
}

func reconcileDecision(now time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		Shoot            gardencorev1beta1.Shoot `json:"shoot"`
		GardenletVersion string                  `json:"gardenletVersion"`
		Config           *struct {
			SyncPeriod                 *metav1.Duration `json:"syncPeriod"`
			RespectSyncPeriodOverwrite *bool            `json:"respectSyncPeriodOverwrite"`
			ReconcileInMaintenanceOnly *bool            `json:"reconcileInMaintenanceOnly"`
		} `json:"config"`
		Seed *gardencorev1beta1.Seed `json:"seed"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	// Gardener compares status.gardener.version with its own build's version; only whether the two
	// are equal matters, so the Shoot is given the oracle's own version where the case's match.
	if input.Shoot.Status.Gardener.Version == input.GardenletVersion {
		input.Shoot.Status.Gardener.Version = version.Get().GitVersion
	} else if input.Shoot.Status.Gardener.Version == version.Get().GitVersion {
		return nil, fmt.Errorf("the Shoot's gardener version is the oracle's own")
	}
	config := gardenletconfigv1alpha1.ShootControllerConfiguration{SyncPeriod: &metav1.Duration{Duration: time.Hour}}
	if input.Config != nil {
		if input.Config.SyncPeriod != nil {
			config.SyncPeriod = input.Config.SyncPeriod
		}
		config.RespectSyncPeriodOverwrite = input.Config.RespectSyncPeriodOverwrite
		config.ReconcileInMaintenanceOnly = input.Config.ReconcileInMaintenanceOnly
	}
	seed := input.Seed
	if seed == nil {
		seed = &gardencorev1beta1.Seed{}
	}
	infos := shoothelper.CalculateControllerInfos(seed, &input.Shoot, testclock.NewFakeClock(now), config)
	return map[string]any{
		"operationType":           infos.OperationType,
		"reconcileNow":            infos.ShouldReconcileNow.Result,
		"reason":                  infos.ShouldReconcileNow.Reason,
		"onlySyncClusterResource": infos.ShouldOnlySyncClusterResource,
	}, nil
}
