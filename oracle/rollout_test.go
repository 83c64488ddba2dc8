package oracle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/Masterminds/semver/v3"
	"github.com/gardener/gardener/pkg/api"
	v1beta1helper "github.com/gardener/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gardener/gardener/pkg/api/core/validation"
	"github.com/gardener/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gardener/gardener/pkg/apis/extensions/v1alpha1"
	apiserverfeatures "github.com/gardener/gardener/pkg/apiserver/features"
	"github.com/gardener/gardener/pkg/client/kubernetes"
	"github.com/gardener/gardener/pkg/component/extensions/operatingsystemconfig"
	"github.com/gardener/gardener/pkg/features"
	"github.com/gardener/gardener/pkg/gardenlet/operation"
	"github.com/gardener/gardener/pkg/gardenlet/operation/botanist"
	shootpkg "github.com/gardener/gardener/pkg/gardenlet/operation/shoot"
	gardenerutils "github.com/gardener/gardener/pkg/utils/gardener"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"
)

// Roll triggers: the node-agent secret name of every pool (operatingsystemconfig.Key with the inputs
// gardenlet's calculateKeyForValues passes), the in-place hash
// (gardenerutils.CalculateWorkerPoolHashForInPlaceUpdate) and the pending in-place pools of
// gardenlet's SetInPlaceUpdatePendingWorkers (pkg/gardenlet/operation/botanist/botanist.go).
func init() {
	register("roll-trigger", rollTrigger)
}

type rollTriggerInput struct {
	OldShoot        *gardencorev1beta1.Shoot   `json:"oldShoot"`
	Shoot           gardencorev1beta1.Shoot    `json:"shoot"`
	FeatureGates    map[string]bool            `json:"featureGates"`
	GardenerVersion *string                    `json:"gardenerVersion"`
	WorkerResource  *extensionsv1alpha1.Worker `json:"workerResource"`
}

func rollTrigger(_ time.Time, raw json.RawMessage) (any, error) {
	var input rollTriggerInput
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	// The legacy hashes (gate NewWorkerPoolHash off, Gardener before v1.141) are gone from the
	// linked release.
	if input.GardenerVersion != nil {
		return nil, errors.New("gardenerVersion: the legacy hashes are not in the linked release")
	}
	for gate, enabled := range input.FeatureGates {
		if gate != "NewWorkerPoolHash" || !enabled {
			return nil, fmt.Errorf("feature gate %s=%t is not in the linked release", gate, enabled)
		}
	}

	// The inputs are persisted objects: the API server's v1beta1 defaults are applied. Of the
	// hashed fields they set only the CRI name, the update strategy and kubeProxy.enabled; the
	// empty kubelet configuration they add for a Shoot with workers hashes like none.
	shoot := input.Shoot.DeepCopy()
	gardencorev1beta1.SetObjectDefaults_Shoot(shoot)
	if hasDuplicatePools(shoot) {
		return nil, errors.New("duplicate pool names (rejected by validation)")
	}
	newKeys, err := nodeAgentKeys(shoot)
	if err != nil {
		return nil, err
	}

	expect := map[string]any{}
	inPlaceHashes := map[string]string{}
	for _, pool := range shoot.Spec.Provider.Workers {
		// A pool whose hash fails is left out, as a failing hash answers nothing.
		if hash, err := inPlaceHash(shoot, pool); err == nil {
			inPlaceHashes[pool.Name] = hash
		}
	}
	expect["inPlaceHashes"] = inPlaceHashes

	workers := map[string]any{}
	if input.OldShoot != nil {
		old := input.OldShoot.DeepCopy()
		gardencorev1beta1.SetObjectDefaults_Shoot(old)
		if hasDuplicatePools(old) {
			return nil, errors.New("duplicate pool names in oldShoot (rejected by validation)")
		}
		oldKeys, err := nodeAgentKeys(old)
		if err != nil {
			return nil, err
		}
		for _, pool := range shoot.Spec.Provider.Workers {
			oldPool := poolNamed(old, pool.Name)
			// A new pool is created, not updated: Gardener's functions compare nothing for it.
			if oldPool == nil {
				continue
			}
			newInPlace := v1beta1helper.IsUpdateStrategyInPlace(pool.UpdateStrategy)
			// Switching between rolling and in-place is rejected by validation; what the
			// provider would do then is not decided by Gardener's functions.
			if v1beta1helper.IsUpdateStrategyInPlace(oldPool.UpdateStrategy) != newInPlace {
				continue
			}
			update := "none"
			if oldKeys[pool.Name] != newKeys[pool.Name] {
				update = "rolling"
			} else if newInPlace {
				oldHash, err := inPlaceHash(old, *oldPool)
				if err != nil {
					return nil, err
				}
				newHash, err := inPlaceHash(shoot, pool)
				if err != nil {
					return nil, err
				}
				if oldHash != newHash {
					update = "in-place"
				}
			}
			answer := map[string]any{"update": update}
			// What the provider extension makes of a changed providerConfig is not decided by
			// Gardener's functions: the answer leaves it open (null), and the engine's
			// providerDependent is not compared.
			if !apiequality.Semantic.DeepEqual(oldPool.ProviderConfig, pool.ProviderConfig) {
				answer["providerDependent"] = nil
			}
			workers[pool.Name] = answer
		}
	} else if input.WorkerResource != nil {
		// Without the previous Shoot, the in-place pools whose hash the Worker reports otherwise
		// are the ones updated in place.
		for _, pool := range shoot.Spec.Provider.Workers {
			if !v1beta1helper.IsUpdateStrategyInPlace(pool.UpdateStrategy) {
				continue
			}
			reported, ok := reportedHash(input.WorkerResource, pool.Name)
			if !ok {
				continue
			}
			hash, err := pendingHash(shoot, pool)
			if err != nil {
				return nil, err
			}
			if hash != reported {
				workers[pool.Name] = map[string]any{"update": "in-place"}
			}
		}
	}
	expect["workers"] = workers

	pending, err := setInPlaceUpdatePendingWorkers(shoot, input.WorkerResource)
	if err != nil {
		return nil, err
	}
	expect["pendingWorkerUpdates"] = pending
	return expect, nil
}

func hasDuplicatePools(shoot *gardencorev1beta1.Shoot) bool {
	seen := sets.New[string]()
	for _, pool := range shoot.Spec.Provider.Workers {
		if seen.Has(pool.Name) {
			return true
		}
		seen.Insert(pool.Name)
	}
	return false
}

func poolNamed(shoot *gardencorev1beta1.Shoot, name string) *gardencorev1beta1.Worker {
	for i := range shoot.Spec.Provider.Workers {
		if shoot.Spec.Provider.Workers[i].Name == name {
			return &shoot.Spec.Provider.Workers[i]
		}
	}
	return nil
}

// nodeAgentKeys is calculateKeyForValues (unexported) for every pool, with the values gardenlet's
// botanist sets: the control plane's parsed version (shoot.KubernetesVersion), the credentials
// rotation status, node-local DNS, the Shoot's kubelet and kube-proxy configuration.
func nodeAgentKeys(shoot *gardencorev1beta1.Shoot) (map[string]string, error) {
	controlPlane, err := semver.NewVersion(shoot.Spec.Kubernetes.Version)
	if err != nil {
		return nil, fmt.Errorf("control plane version: %w", err)
	}
	var rotation *gardencorev1beta1.ShootCredentialsRotation
	if shoot.Status.Credentials != nil {
		rotation = shoot.Status.Credentials.Rotation
	}
	nodeLocalDNS := v1beta1helper.IsNodeLocalDNSEnabled(shoot.Spec.SystemComponents)
	kubeProxy := &gardencorev1beta1.KubeProxyConfig{}
	if shoot.Spec.Kubernetes.KubeProxy != nil {
		kubeProxy = shoot.Spec.Kubernetes.KubeProxy
	}
	keys := map[string]string{}
	for _, pool := range shoot.Spec.Provider.Workers {
		// The harness' own branch: in-place pools get a constant name.
		if v1beta1helper.IsUpdateStrategyInPlace(pool.UpdateStrategy) {
			keys[pool.Name] = fmt.Sprintf("gardener-node-agent-%s", pool.Name)
			continue
		}
		version, err := v1beta1helper.CalculateEffectiveKubernetesVersion(controlPlane, pool.Kubernetes)
		if err != nil {
			return nil, fmt.Errorf("pool %s: %w", pool.Name, err)
		}
		kubelet := v1beta1helper.CalculateEffectiveKubeletConfiguration(shoot.Spec.Kubernetes.Kubelet, pool.Kubernetes)
		keys[pool.Name] = operatingsystemconfig.Key(version, rotation, &pool, nodeLocalDNS, kubelet, kubeProxy)
	}
	return keys, nil
}

// inPlaceHash is CalculateWorkerPoolHashForInPlaceUpdate with the pool's effective version and
// kubelet configuration.
func inPlaceHash(shoot *gardencorev1beta1.Shoot, pool gardencorev1beta1.Worker) (string, error) {
	version := shoot.Spec.Kubernetes.Version
	if pool.Kubernetes != nil && pool.Kubernetes.Version != nil {
		version = *pool.Kubernetes.Version
	}
	kubelet := v1beta1helper.CalculateEffectiveKubeletConfiguration(shoot.Spec.Kubernetes.Kubelet, pool.Kubernetes)
	imageVersion := ""
	if pool.Machine.Image != nil {
		imageVersion = ptr.Deref(pool.Machine.Image.Version, "")
	}
	return gardenerutils.CalculateWorkerPoolHashForInPlaceUpdate(pool.Name, &version, kubelet, imageVersion, shoot.Status.Credentials)
}

// pendingHash is the hash SetInPlaceUpdatePendingWorkers computes for a pool (it dereferences the
// machine image, which panics without one).
func pendingHash(shoot *gardencorev1beta1.Shoot, pool gardencorev1beta1.Worker) (string, error) {
	if pool.Machine.Image == nil {
		return "", errors.New("pool without machine image: SetInPlaceUpdatePendingWorkers panics")
	}
	hash, err := inPlaceHash(shoot, pool)
	if err != nil {
		return "", fmt.Errorf("failed to calculate worker pool %q hash: %w", pool.Name, err)
	}
	return hash, nil
}

func reportedHash(worker *extensionsv1alpha1.Worker, pool string) (string, bool) {
	listed := false
	for _, p := range worker.Spec.Pools {
		if p.Name == pool {
			listed = true
			break
		}
	}
	if !listed || worker.Status.InPlaceUpdates == nil || worker.Status.InPlaceUpdates.WorkerPoolToHashMap == nil {
		return "", false
	}
	hash, ok := worker.Status.InPlaceUpdates.WorkerPoolToHashMap[pool]
	return hash, ok
}

// setInPlaceUpdatePendingWorkers runs gardenlet's (*Botanist).SetInPlaceUpdatePendingWorkers on a
// fake garden client holding the Shoot, and returns the Shoot's pending pools afterwards (nil = the
// field stays absent).
func setInPlaceUpdatePendingWorkers(shoot *gardencorev1beta1.Shoot, worker *extensionsv1alpha1.Worker) (*gardencorev1beta1.PendingWorkerUpdates, error) {
	ctx := context.Background()
	stored := shoot.DeepCopy()
	if stored.Name == "" {
		stored.Name = "shoot"
	}
	if stored.Namespace == "" {
		stored.Namespace = "garden"
	}
	stored.ResourceVersion = ""
	gardenClient := newFakeClient(kubernetes.GardenScheme).WithStatusSubresource(&gardencorev1beta1.Shoot{}).Build()
	if err := gardenClient.Create(ctx, stored); err != nil {
		return nil, fmt.Errorf("storing the Shoot: %w", err)
	}
	b := &botanist.Botanist{Operation: &operation.Operation{GardenClient: gardenClient, Shoot: &shootpkg.Shoot{}}}
	b.Shoot.SetInfo(stored)
	if err := b.SetInPlaceUpdatePendingWorkers(ctx, worker); err != nil {
		return nil, err
	}
	if status := b.Shoot.GetInfo().Status.InPlaceUpdates; status != nil {
		return status.PendingWorkerUpdates, nil
	}
	return nil, nil
}

// Update strategies: Gardener's validation (pkg/api/core/validation/shoot.go) of the defaulted
// Shoots converted to the internal types, as gardener-apiserver runs it. Each answer holds the
// complete error list of one exported function (`ruleFamily`), chosen from the input: on create
// ValidateInPlaceUpdateStrategyOnCreation with the InPlaceNodeUpdates gate given, else
// ValidateWorker's strategy rules; on update ValidateInPlaceUpdates while the stored status lists
// pending in-place pools, else validateNodeLocalDNSUpdate when node-local DNS is toggled, else the
// provider's part of ValidateShootSpecUpdate.
func init() {
	register("update-strategy-validation", updateStrategyValidation)
}

var registerAPIServerGates sync.Once

func updateStrategyValidation(_ time.Time, raw json.RawMessage) (any, error) {
	var input struct {
		OldShoot     *gardencorev1beta1.Shoot `json:"oldShoot"`
		Shoot        gardencorev1beta1.Shoot  `json:"shoot"`
		Operation    string                   `json:"operation"`
		FeatureGates map[string]bool          `json:"featureGates"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	// Registering an identical gate twice is fine, so other areas may register these too.
	registerAPIServerGates.Do(apiserverfeatures.RegisterFeatureGates)
	gate := string(features.InPlaceNodeUpdates)
	gates := map[string]bool{gate: false}
	for name, enabled := range input.FeatureGates {
		if name != gate {
			return nil, fmt.Errorf("feature gate %s is not served", name)
		}
		gates[name] = enabled
	}
	// The gates are process-wide: set for this request, put back afterwards.
	previous := map[string]bool{gate: features.DefaultFeatureGate.Enabled(features.InPlaceNodeUpdates)}
	if err := features.DefaultFeatureGate.SetFromMap(gates); err != nil {
		return nil, err
	}
	defer func() { _ = features.DefaultFeatureGate.SetFromMap(previous) }()

	newShoot, err := defaultedInternalShoot(&input.Shoot)
	if err != nil {
		return nil, err
	}
	var family string
	var errs field.ErrorList
	switch input.Operation {
	case "create":
		if input.FeatureGates == nil {
			family = "ValidateWorker"
			errs = workerStrategyErrors(newShoot)
			break
		}
		family = "ValidateInPlaceUpdateStrategyOnCreation"
		errs = validation.ValidateInPlaceUpdateStrategyOnCreation(newShoot)
	case "update":
		if input.OldShoot == nil {
			return nil, errors.New("update without oldShoot")
		}
		oldShoot, err := defaultedInternalShoot(input.OldShoot)
		if err != nil {
			return nil, err
		}
		// The API server keeps the stored status on a spec update (PrepareForUpdate).
		newShoot.Status = oldShoot.Status
		if pending := oldShoot.Status.InPlaceUpdates; pending != nil && pending.PendingWorkerUpdates != nil {
			family = "ValidateInPlaceUpdates"
			errs = validation.ValidateInPlaceUpdates(newShoot, oldShoot)
		} else if nodeLocalDNSEnabled(oldShoot) != nodeLocalDNSEnabled(newShoot) {
			// validateNodeLocalDNSUpdate is unexported: ValidateShootUpdate's errors at its path.
			family = "validateNodeLocalDNSUpdate"
			for _, e := range validation.ValidateShootUpdate(newShoot, oldShoot) {
				if e.Field == "spec.systemComponents.nodeLocalDNS" {
					errs = append(errs, e)
				}
			}
		} else {
			// The provider's part of the spec update: ValidateProviderUpdate and the worker loop
			// (worker versions, in-place image downgrades).
			family = "ValidateShootSpecUpdate"
			for _, e := range validation.ValidateShootSpecUpdate(&newShoot.Spec, &oldShoot.Spec, newShoot.ObjectMeta, field.NewPath("spec")) {
				if strings.HasPrefix(e.Field, "spec.provider.") {
					errs = append(errs, e)
				}
			}
		}
	default:
		return nil, fmt.Errorf("operation %q is not served", input.Operation)
	}
	list := []map[string]string{}
	for _, e := range errs {
		list = append(list, map[string]string{"field": e.Field, "type": string(e.Type), "detail": e.Detail})
	}
	return map[string]any{"valid": len(errs) == 0, "ruleFamily": family, "errors": list, "exhaustive": true}, nil
}

func nodeLocalDNSEnabled(shoot *core.Shoot) bool {
	components := shoot.Spec.SystemComponents
	return components != nil && components.NodeLocalDNS != nil && components.NodeLocalDNS.Enabled
}

// workerStrategyErrors is ValidateWorker of every pool, keeping the errors about the update
// strategy, maxSurge / maxUnavailable and the machine-controller-manager settings: the engine's
// part of that function (its other rules belong to other kinds).
func workerStrategyErrors(shoot *core.Shoot) field.ErrorList {
	var kept field.ErrorList
	for i, worker := range shoot.Spec.Provider.Workers {
		path := field.NewPath("spec", "provider", "workers").Index(i)
		for _, e := range validation.ValidateWorker(worker, shoot.Spec.Kubernetes, shoot.Namespace, shoot.Spec.Provider.Type, path, false) {
			for _, child := range []string{"updateStrategy", "maxSurge", "maxUnavailable", "machineControllerManagerSettings"} {
				prefix := path.Child(child).String()
				if e.Field == prefix || strings.HasPrefix(e.Field, prefix+".") {
					kept = append(kept, e)
					break
				}
			}
		}
	}
	return kept
}

// defaultedInternalShoot defaults a v1beta1 Shoot as the API server does and converts it to the internal type.
func defaultedInternalShoot(shoot *gardencorev1beta1.Shoot) (*core.Shoot, error) {
	versioned := shoot.DeepCopy()
	gardencorev1beta1.SetObjectDefaults_Shoot(versioned)
	internal := &core.Shoot{}
	if err := api.Scheme.Convert(versioned, internal, nil); err != nil {
		return nil, fmt.Errorf("converting the Shoot: %w", err)
	}
	return internal, nil
}
