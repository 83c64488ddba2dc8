package oracle

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	namespacedcloudprofile "github.com/gardener/gardener/pkg/controllermanager/controller/namespacedcloudprofile"
)

// The NamespacedCloudProfile's merged profile: the controller-manager's MergeCloudProfiles
// (pkg/controllermanager/controller/namespacedcloudprofile), on the objects of the input as they
// are (no defaulting: the engine's function, like Gardener's, takes stored objects). The answer is
// the whole status.cloudProfileSpec it writes.
func init() {
	register("namespaced-cloud-profile-merge", namespacedCloudProfileMerge)
}

type namespacedCloudProfileMergeInput struct {
	CloudProfile           gardencorev1beta1.CloudProfile           `json:"cloudProfile"`
	NamespacedCloudProfile gardencorev1beta1.NamespacedCloudProfile `json:"namespacedCloudProfile"`
}

func namespacedCloudProfileMerge(_ time.Time, raw json.RawMessage) (any, error) {
	var input namespacedCloudProfileMergeInput
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	parent := input.CloudProfile.DeepCopy()
	namespaced := input.NamespacedCloudProfile.DeepCopy()
	namespacedcloudprofile.MergeCloudProfiles(namespaced, parent)
	spec := namespaced.Status.CloudProfileSpec

	// Gardener lists the architectures it collects in a set (an image version without any of its
	// own) in Go's random map order; the engine sorts them. To know which versions' architectures
	// came from a set, the merge runs again on a copy whose every image version carries a tag in
	// inPlaceUpdates, a field the merge neither reads nor changes: each merged version's tag names
	// the input version it came from, and that version's own architectures tell whether they were
	// given.
	given := map[string]bool{}
	tag := func(side string, images []gardencorev1beta1.MachineImage) {
		for i := range images {
			for j := range images[i].Versions {
				version := &images[i].Versions[j]
				name := fmt.Sprintf("%s/%d/%d", side, i, j)
				given[name] = len(version.Architectures) > 0
				version.InPlaceUpdates = &gardencorev1beta1.InPlaceUpdates{MinVersionForUpdate: ptr.To(name)}
			}
		}
	}
	tracedParent := input.CloudProfile.DeepCopy()
	tracedNamespaced := input.NamespacedCloudProfile.DeepCopy()
	tag("parent", tracedParent.Spec.MachineImages)
	tag("namespaced", tracedNamespaced.Spec.MachineImages)
	namespacedcloudprofile.MergeCloudProfiles(tracedNamespaced, tracedParent)
	traced := tracedNamespaced.Status.CloudProfileSpec.MachineImages
	if len(traced) != len(spec.MachineImages) {
		return nil, fmt.Errorf("the traced merge has %d images, the merge %d", len(traced), len(spec.MachineImages))
	}
	for i, image := range spec.MachineImages {
		if len(traced[i].Versions) != len(image.Versions) {
			return nil, fmt.Errorf("the traced merge of image %q differs", image.Name)
		}
		for j := range image.Versions {
			origin := traced[i].Versions[j].InPlaceUpdates
			if origin == nil || origin.MinVersionForUpdate == nil {
				return nil, fmt.Errorf("the traced merge lost the tag of %s %s", image.Name, image.Versions[j].Version)
			}
			if !given[*origin.MinVersionForUpdate] {
				slices.Sort(image.Versions[j].Architectures)
			}
		}
	}
	return map[string]any{"cloudProfileSpec": spec}, nil
}
