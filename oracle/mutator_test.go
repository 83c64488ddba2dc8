package oracle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/authentication/user"

	"github.com/gardener/gardener/pkg/api"
	"github.com/gardener/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gardener/gardener/pkg/client/core/informers/externalversions"
	shootmutator "github.com/gardener/gardener/plugin/pkg/shoot/mutator"
)

// Version defaulting: the ShootMutator admission plugin (plugin/pkg/shoot/mutator), which completes a
// Shoot's Kubernetes versions, its pools' architectures and machine images before Gardener validates
// it. The Shoot gets the API server's v1beta1 defaults first, as it would; the CloudProfile is the
// one the Shoot references. The answer is the kind's: the versions, architectures and images after
// the mutator, or its refusal as the aggregated field errors.
func init() {
	register("version-defaulting", versionDefaulting)
}

type versionDefaultingInput struct {
	Operation    string                         `json:"operation"`
	CloudProfile gardencorev1beta1.CloudProfile `json:"cloudProfile"`
	Shoot        gardencorev1beta1.Shoot        `json:"shoot"`
	OldShoot     *gardencorev1beta1.Shoot       `json:"oldShoot"`
}

func versionDefaulting(_ time.Time, raw json.RawMessage) (any, error) {
	var input versionDefaultingInput
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	operation := admission.Create
	switch input.Operation {
	case "", "create":
	case "update":
		operation = admission.Update
	default:
		return nil, fmt.Errorf("operation %q is not served", input.Operation)
	}
	if operation == admission.Update && input.OldShoot == nil {
		return nil, errors.New("an update needs oldShoot")
	}
	profile := input.CloudProfile.DeepCopy()
	api.Scheme.Default(profile)
	shoot, err := storedShoot(&input.Shoot)
	if err != nil {
		return nil, err
	}
	// The Shoot names the CloudProfile given, and only by reference (a create with both fields is
	// refused before any defaulting).
	shoot.Spec.CloudProfileName = nil
	shoot.Spec.CloudProfile = &core.CloudProfileReference{Kind: "CloudProfile", Name: profile.Name}
	var old *core.Shoot
	if operation == admission.Update {
		if old, err = storedShoot(input.OldShoot); err != nil {
			return nil, err
		}
	}
	plugin := shootMutator()
	if err := mutatorProfiles.Replace([]any{profile}, ""); err != nil {
		return nil, err
	}
	attributes := shootAttributes(shoot, old, operation)
	if err := plugin.Admit(context.Background(), attributes, nil); err != nil {
		var status *apierrors.StatusError
		if !errors.As(err, &status) || status.ErrStatus.Reason != metav1.StatusReasonForbidden {
			return nil, fmt.Errorf("the mutator failed: %w", err)
		}
		prefix := fmt.Sprintf("shoots.core.gardener.cloud %q is forbidden: ", shoot.Name)
		message := status.ErrStatus.Message
		if !strings.HasPrefix(message, prefix) {
			return nil, fmt.Errorf("the mutator's refusal has no field errors: %s", message)
		}
		return map[string]any{"error": strings.TrimPrefix(message, prefix)}, nil
	}
	workers := map[string]any{}
	for _, worker := range shoot.Spec.Provider.Workers {
		var version any
		if worker.Kubernetes != nil && worker.Kubernetes.Version != nil {
			version = *worker.Kubernetes.Version
		}
		entry := map[string]any{"kubernetesVersion": version, "architecture": worker.Machine.Architecture}
		if image := worker.Machine.Image; image != nil {
			entry["image"] = map[string]any{"name": image.Name, "version": image.Version}
		}
		workers[worker.Name] = entry
	}
	return map[string]any{"kubernetesVersion": shoot.Spec.Kubernetes.Version, "workers": workers}, nil
}

// One ShootMutator for the process, with the CloudProfile of the request in its lister's cache.
var (
	mutatorOnce     sync.Once
	mutatorPlugin   *shootmutator.MutateShoot
	mutatorProfiles interface{ Replace([]any, string) error }
)

func shootMutator() *shootmutator.MutateShoot {
	mutatorOnce.Do(func() {
		plugin, err := shootmutator.New()
		if err != nil {
			panic(err)
		}
		plugin.AssignReadyFunc(func() bool { return true })
		informers := gardencoreinformers.NewSharedInformerFactory(nil, 0)
		plugin.SetCoreInformerFactory(informers)
		mutatorProfiles = informers.Core().V1beta1().CloudProfiles().Informer().GetStore()
		mutatorPlugin = plugin
	})
	return mutatorPlugin
}

// shootAttributes is the admission request for a Shoot: a create, an update from old, or a
// delete, which carries the stored Shoot as its old object only. An absent old Shoot must stay a
// nil interface, not a nil pointer in one.
func shootAttributes(shoot, old *core.Shoot, operation admission.Operation) admission.Attributes {
	var (
		object    runtime.Object = shoot
		oldObject runtime.Object
		options   runtime.Object = &metav1.CreateOptions{}
	)
	switch {
	case operation == admission.Delete:
		object, oldObject, options = nil, shoot, &metav1.DeleteOptions{}
	case old != nil:
		oldObject, options = old, &metav1.UpdateOptions{}
	}
	return admission.NewAttributesRecord(object, oldObject, core.Kind("Shoot").WithVersion("version"),
		shoot.Namespace, shoot.Name, core.Resource("shoots").WithVersion("version"), "", operation,
		options, false, &user.DefaultInfo{Name: "user"})
}
