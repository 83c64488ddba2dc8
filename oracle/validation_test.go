package oracle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gardener/gardener/pkg/api"
	"github.com/gardener/gardener/pkg/api/core/validation"
	"github.com/gardener/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	apiserverfeatures "github.com/gardener/gardener/pkg/apiserver/features"
	cloudprofileregistry "github.com/gardener/gardener/pkg/apiserver/registry/core/cloudprofile"
	controllermanagerfeatures "github.com/gardener/gardener/pkg/controllermanager/features"
	"github.com/gardener/gardener/pkg/features"
)

// Validation: Gardener's static API validation (pkg/api/core/validation) of CloudProfiles
// (ValidateCloudProfile, ValidateCloudProfileUpdate, and the create normalisation of the
// CloudProfile strategy, pkg/apiserver/registry/core/cloudprofile) and the version rules of Shoots
// (ValidateShoot, ValidateShootUpdate). The inputs are v1beta1 objects; they get the defaults the
// API server applies and are converted to the internal types through Gardener's scheme.
//
// The answer lists only the error families the engine models (see cloudProfileFamily and
// shootVersionFamily), with `exhaustive: true`: within those families both sides must report the
// same errors, compared by field, type and detail as multisets.
func init() {
	register("cloudprofile-validation", cloudProfileValidation)
	register("shoot-version-validation", shootVersionValidation)
	register("feature-gate-validation", featureGateValidation)
	register("maintenance-validation", maintenanceValidation)
}

// The API server's gates this area reads, with their defaults as registered.
var (
	validationGates        = []string{string(features.VersionClassificationLifecycle), string(features.CloudProfileCapabilities), string(features.InPlaceNodeUpdates)}
	validationGateDefaults map[string]bool
	validationGatesOnce    sync.Once
)

// withGates runs f with the requested gates set over the registered defaults and puts the defaults
// back afterwards: the gates are process-wide.
func withGates(requested map[string]bool, f func() (any, error)) (any, error) {
	registerGates.Do(func() {
		apiserverfeatures.RegisterFeatureGates()
		controllermanagerfeatures.RegisterFeatureGates()
	})
	validationGatesOnce.Do(func() {
		validationGateDefaults = map[string]bool{}
		for _, gate := range validationGates {
			validationGateDefaults[gate] = features.DefaultFeatureGate.Enabled(featureName(gate))
		}
	})
	gates := map[string]bool{}
	for gate, enabled := range validationGateDefaults {
		gates[gate] = enabled
	}
	for gate, enabled := range requested {
		gates[gate] = enabled
	}
	if err := features.DefaultFeatureGate.SetFromMap(gates); err != nil {
		_ = features.DefaultFeatureGate.SetFromMap(validationGateDefaults)
		return nil, fmt.Errorf("featureGates: %w", err)
	}
	defer func() { _ = features.DefaultFeatureGate.SetFromMap(validationGateDefaults) }()
	return f()
}

// fieldErrors is the validation convention's answer: the errors of the compared families, sorted
// (Gardener's order follows Go maps in places), and `exhaustive` because the families are complete.
func fieldErrors(errs field.ErrorList, family func(*field.Error) bool) map[string]any {
	listed := []map[string]string{}
	for _, e := range errs {
		if !family(e) {
			continue
		}
		entry := map[string]string{"field": e.Field, "type": string(e.Type), "detail": e.Detail}
		if prefix, unordered := unorderedDetail(e.Detail); unordered {
			delete(entry, "detail")
			entry["detailContains"] = prefix
		}
		listed = append(listed, entry)
	}
	sort.SliceStable(listed, func(i, j int) bool {
		a, b := listed[i], listed[j]
		if a["field"] != b["field"] {
			return a["field"] < b["field"]
		}
		if a["type"] != b["type"] {
			return a["type"] < b["type"]
		}
		return a["detail"]+a["detailContains"] < b["detail"]+b["detailContains"]
	})
	return map[string]any{"valid": len(listed) == 0, "errors": listed, "exhaustive": true}
}

// Details that print a Go set with UnsortedList (random order): only the part before the set is
// compared.
var unorderedDetails = []*regexp.Regexp{
	// utils.go, validateMachineImageVersionArchitecture: the capability architectures.
	regexp.MustCompile(`^(architecture field values set \(.*\) conflict with the capability architectures \()[^)]*,[^)]*\)$`),
}

func unorderedDetail(detail string) (string, bool) {
	for _, pattern := range unorderedDetails {
		if m := pattern.FindStringSubmatch(detail); m != nil {
			return m[1], true
		}
	}
	return "", false
}

type cloudProfileValidationInput struct {
	CloudProfile            gardencorev1beta1.CloudProfile  `json:"cloudProfile"`
	OldCloudProfile         *gardencorev1beta1.CloudProfile `json:"oldCloudProfile"`
	Operation               string                          `json:"operation"`
	FeatureGates            map[string]bool                 `json:"featureGates"`
	Shoots                  json.RawMessage                 `json:"shoots"`
	NamespacedCloudProfiles json.RawMessage                 `json:"namespacedCloudProfiles"`
}

// cloudProfileFamily: the engine models ValidateCloudProfileSpec and ValidateCloudProfileSpecUpdate
// in full, and of the object metadata only the name (the generated profiles carry nothing else).
func cloudProfileFamily(e *field.Error) bool {
	return strings.HasPrefix(e.Field, "spec.") || e.Field == "spec" || e.Field == "metadata.name"
}

func cloudProfileValidation(_ time.Time, raw json.RawMessage) (any, error) {
	var input cloudProfileValidationInput
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	if !isNull(input.Shoots) || !isNull(input.NamespacedCloudProfiles) {
		return nil, errors.New("the ResourceReferenceManager admission (shoots, namespacedCloudProfiles) is not served")
	}
	operation := input.Operation
	if operation == "" {
		operation = "create"
	}
	if operation != "create" && operation != "update" {
		return nil, fmt.Errorf("operation %q is not served", operation)
	}
	return withGates(input.FeatureGates, func() (any, error) {
		profile, err := internalCloudProfile(&input.CloudProfile)
		if err != nil {
			return nil, err
		}
		var errs field.ErrorList
		if operation == "update" && input.OldCloudProfile != nil {
			old, err := internalCloudProfile(input.OldCloudProfile)
			if err != nil {
				return nil, err
			}
			errs = validation.ValidateCloudProfileUpdate(profile, old)
		} else {
			errs = validation.ValidateCloudProfile(profile)
		}
		answer := fieldErrors(errs, cloudProfileFamily)
		if operation == "create" {
			// The strategy's create normalisation, on a copy: the engine validates the submitted
			// versions, as Gardener's validation tests do.
			prepared := profile.DeepCopy()
			cloudprofileregistry.Strategy.PrepareForCreate(context.Background(), prepared)
			answer["persistedVersions"] = persistedVersions(prepared)
		}
		return answer, nil
	})
}

func persistedVersions(profile *core.CloudProfile) map[string]any {
	kubernetes := []string{}
	for _, v := range profile.Spec.Kubernetes.Versions {
		kubernetes = append(kubernetes, v.Version)
	}
	images := map[string][]string{}
	for _, image := range profile.Spec.MachineImages {
		versions := []string{}
		for _, v := range image.Versions {
			versions = append(versions, v.Version)
		}
		images[image.Name] = versions
	}
	return map[string]any{"kubernetes": kubernetes, "machineImages": images}
}

func internalCloudProfile(in *gardencorev1beta1.CloudProfile) (*core.CloudProfile, error) {
	profile := in.DeepCopy()
	api.Scheme.Default(profile)
	out := &core.CloudProfile{}
	if err := api.Scheme.Convert(profile, out, nil); err != nil {
		return nil, fmt.Errorf("converting the CloudProfile: %w", err)
	}
	return out, nil
}

func isNull(raw json.RawMessage) bool {
	text := strings.TrimSpace(string(raw))
	return text == "" || text == "null"
}

type shootVersionValidationInput struct {
	CloudProfile json.RawMessage          `json:"cloudProfile"`
	OldShoot     *gardencorev1beta1.Shoot `json:"oldShoot"`
	Shoot        gardencorev1beta1.Shoot  `json:"shoot"`
	Operation    string                   `json:"operation"`
	Stage        string                   `json:"stage"`
}

var (
	workerKubernetesVersion = regexp.MustCompile(`^spec\.provider\.workers\[\d+\]\.kubernetes\.version$`)
	workerImageVersion      = regexp.MustCompile(`^spec\.provider\.workers\[\d+\]\.machine\.image\.version$`)
)

// shootVersionFamily: the version rules of the Shoot API the engine models: the control-plane
// version (required; ValidateKubernetesVersionUpdate), the pools' Kubernetes versions
// (validateWorkerGroupAndControlPlaneKubernetesVersion, ValidateKubernetesVersionUpdate) and the
// in-place image version (validateMachineImageVersionInPlaceUpdate). ValidateWorker's "must specify
// a machine image version" (Required) at the image version belongs to the worker's shape, not to it.
func shootVersionFamily(e *field.Error) bool {
	switch {
	case e.Field == "spec.kubernetes.version":
		return true
	case workerKubernetesVersion.MatchString(e.Field):
		return true
	case workerImageVersion.MatchString(e.Field):
		return e.Type != field.ErrorTypeRequired
	}
	return false
}

func shootVersionValidation(_ time.Time, raw json.RawMessage) (any, error) {
	var input shootVersionValidationInput
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	if input.Stage != "static" {
		return nil, fmt.Errorf("stage %q is not served (only static)", input.Stage)
	}
	operation := input.Operation
	if operation == "" {
		operation = "create"
	}
	if operation == "delete" {
		// Deletion runs no validation of the spec.
		return fieldErrors(nil, shootVersionFamily), nil
	}
	if operation != "create" && operation != "update" {
		return nil, fmt.Errorf("operation %q is not served", operation)
	}
	if operation == "update" && input.OldShoot == nil {
		return nil, errors.New("an update needs oldShoot")
	}
	return withGates(nil, func() (any, error) {
		shoot, err := storedShoot(&input.Shoot)
		if err != nil {
			return nil, err
		}
		if operation == "create" {
			return fieldErrors(validation.ValidateShoot(shoot), shootVersionFamily), nil
		}
		old, err := storedShoot(input.OldShoot)
		if err != nil {
			return nil, err
		}
		return fieldErrors(validation.ValidateShootUpdate(shoot, old), shootVersionFamily), nil
	})
}

// storedShoot applies the API server's v1beta1 defaults and converts to the internal type. A
// missing maintenance window is fixed first: defaulting would draw a random one (it plays no part
// in the version rules).
func storedShoot(in *gardencorev1beta1.Shoot) (*core.Shoot, error) {
	shoot := in.DeepCopy()
	if shoot.Spec.Maintenance == nil {
		shoot.Spec.Maintenance = &gardencorev1beta1.Maintenance{}
	}
	if shoot.Spec.Maintenance.TimeWindow == nil {
		shoot.Spec.Maintenance.TimeWindow = &gardencorev1beta1.MaintenanceTimeWindow{Begin: "220000+0000", End: "230000+0000"}
	}
	api.Scheme.Default(shoot)
	out := &core.Shoot{}
	if err := api.Scheme.Convert(shoot, out, nil); err != nil {
		return nil, fmt.Errorf("converting the Shoot: %w", err)
	}
	return out, nil
}

// featureGateValidation runs the static Shoot validation and keeps the errors of the components'
// feature gates (ValidateFeatureGates under every featureGates field).
func featureGateValidation(_ time.Time, raw json.RawMessage) (any, error) {
	return shootValidationFamily(raw, func(e *field.Error) bool {
		return strings.Contains(e.Field, ".featureGates.")
	})
}

// maintenanceValidation runs the static Shoot validation and keeps the errors under
// spec.maintenance (validateMaintenance).
func maintenanceValidation(_ time.Time, raw json.RawMessage) (any, error) {
	return shootValidationFamily(raw, func(e *field.Error) bool {
		return strings.HasPrefix(e.Field, "spec.maintenance")
	})
}

// shootValidationFamily runs ValidateShoot on the input's Shoot as the API server stores it and
// keeps the errors of one family.
func shootValidationFamily(raw json.RawMessage, family func(*field.Error) bool) (any, error) {
	var input struct {
		Shoot gardencorev1beta1.Shoot `json:"shoot"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	return withGates(nil, func() (any, error) {
		shoot, err := storedShoot(&input.Shoot)
		if err != nil {
			return nil, err
		}
		return fieldErrors(validation.ValidateShoot(shoot), family), nil
	})
}
