package oracle

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/Masterminds/semver/v3"
	"github.com/gardener/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	maintenancehelper "github.com/gardener/gardener/pkg/controllermanager/controller/shoot/maintenance/helper"
)

// Version classification and the qualifying-version helpers
// (pkg/api/core/v1beta1/helper/cloudprofile.go, maintenance helper/helper.go).
func init() {
	register("classification", classification)
	register("next-transition", nextTransition)
	register("qualifying-version", qualifyingVersion)
	register("image-filter", imageFilter)
}

func imageFilter(_ time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		MachineCapabilities []gardencorev1beta1.CapabilityDefinition `json:"machineCapabilities"`
		MachineType         gardencorev1beta1.MachineType            `json:"machineType"`
		MachineImage        gardencorev1beta1.MachineImage           `json:"machineImage"`
		Worker              gardencorev1beta1.Worker                 `json:"worker"`
		KubeletVersion      string                                   `json:"kubeletVersion"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	kubelet, err := semver.NewVersion(input.KubeletVersion)
	if err != nil {
		return nil, err
	}
	filtered := maintenancehelper.FilterMachineImageVersions(&input.MachineImage, input.Worker, kubelet, &input.MachineType, input.MachineCapabilities)
	versions := []string{}
	for _, version := range filtered.Versions {
		versions = append(versions, version.Version)
	}
	return map[string]any{"versions": versions}, nil
}

func classification(_ time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		Version gardencorev1beta1.ExpirableVersion `json:"version"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	return map[string]any{"classification": helper.CurrentLifecycleClassification(input.Version)}, nil
}

func nextTransition(now time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		CloudProfileSpec gardencorev1beta1.CloudProfileSpec `json:"cloudProfileSpec"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	d := helper.DurationUntilNextVersionTransition(&input.CloudProfileSpec, now)
	return map[string]any{"duration": goDuration(d)}, nil
}

var versionFunctions = map[string]func([]gardencorev1beta1.ExpirableVersion, string) (bool, string, error){
	"latest-patch-for-auto-update":   helper.GetLatestVersionForPatchAutoUpdate,
	"latest-minor-for-auto-update":   helper.GetLatestVersionForMinorAutoUpdate,
	"overall-latest-for-auto-update": helper.GetOverallLatestVersionForAutoUpdate,
	"force-consecutive-minor":        helper.GetVersionForForcefulUpdateToConsecutiveMinor,
	"force-next-higher-minor":        helper.GetVersionForForcefulUpdateToNextHigherMinor,
	"force-next-higher-major":        helper.GetVersionForForcefulUpdateToNextHigherMajor,
}

func qualifyingVersion(_ time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		Function       string                               `json:"function"`
		CurrentVersion string                               `json:"currentVersion"`
		Versions       []gardencorev1beta1.ExpirableVersion `json:"versions"`
		MachineImage   *gardencorev1beta1.MachineImage      `json:"machineImage"`
		ShootImage     *gardencorev1beta1.ShootMachineImage `json:"shootImage"`
		CurrentExpired bool                                 `json:"currentExpired"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	var (
		found   bool
		version string
		err     error
	)
	switch input.Function {
	case "machine-image-target":
		if input.MachineImage == nil || input.ShootImage == nil {
			return nil, fmt.Errorf("machine-image-target needs machineImage and shootImage")
		}
		version, err = maintenancehelper.DetermineMachineImageVersion(input.ShootImage, input.MachineImage, input.CurrentExpired)
		found = version != ""
	case "latest-qualifying":
		var latest *gardencorev1beta1.ExpirableVersion
		found, latest, err = helper.GetLatestQualifyingVersion(input.Versions)
		if latest != nil {
			version = latest.Version
		}
	default:
		f, ok := versionFunctions[input.Function]
		if !ok {
			return nil, fmt.Errorf("unknown function %q", input.Function)
		}
		found, version, err = f(input.Versions, input.CurrentVersion)
	}
	if err != nil {
		return map[string]any{"found": false, "version": "", "errorContains": err.Error()}, nil
	}
	return map[string]any{"found": found, "version": version}, nil
}
