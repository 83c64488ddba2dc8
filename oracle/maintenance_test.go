package oracle

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/authentication/user"
	"k8s.io/apiserver/pkg/authorization/authorizer"
	kubeinformers "k8s.io/client-go/informers"
	"k8s.io/client-go/tools/events"
	"k8s.io/component-base/featuregate"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/gardener/gardener/pkg/api"
	"github.com/gardener/gardener/pkg/api/core/validation"
	controllermanagerconfigv1alpha1 "github.com/gardener/gardener/pkg/apis/config/controllermanager/v1alpha1"
	"github.com/gardener/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gardener/gardener/pkg/apis/core/v1beta1/constants"
	securityv1alpha1 "github.com/gardener/gardener/pkg/apis/security/v1alpha1"
	shootregistry "github.com/gardener/gardener/pkg/apiserver/registry/core/shoot"
	gardencoreinformers "github.com/gardener/gardener/pkg/client/core/informers/externalversions"
	"github.com/gardener/gardener/pkg/client/kubernetes"
	securityinformers "github.com/gardener/gardener/pkg/client/security/informers/externalversions"
	"github.com/gardener/gardener/pkg/controllermanager/controller/shoot/maintenance"
	"github.com/gardener/gardener/pkg/features"
	gardenerutils "github.com/gardener/gardener/pkg/utils/gardener"
	shootvalidator "github.com/gardener/gardener/plugin/pkg/shoot/validator"

	apiserverfeatures "github.com/gardener/gardener/pkg/apiserver/features"
	controllermanagerfeatures "github.com/gardener/gardener/pkg/controllermanager/features"
)

// One run of Gardener's maintenance reconciler
// (pkg/controllermanager/controller/shoot/maintenance/reconciler.go) against controller-runtime's
// fake client. The fake client does not validate writes, so an interceptor plays the API server:
// every update of the Shoot (the dry run included) goes through the Shoot strategy's
// PrepareForUpdate and ValidateUpdate, then the ShootValidator admission plugin
// (plugin/pkg/shoot/validator), and a refusal is returned as the API server words it. A status
// patch keeps its metadata changes, as the real status strategy does.
func init() {
	register("maintenance-reconcile", maintenanceReconcile)
}

// The Project that owns the Shoots' namespace, which the ShootValidator looks up.
const maintenanceProject = "dev"

var registerGates sync.Once

// The feature gates a run sees: in-place updates and lifecycle classification on (the
// generator writes both), the rest at their defaults.
var maintenanceGates = map[string]bool{
	string(features.InPlaceNodeUpdates):             true,
	string(features.VersionClassificationLifecycle): true,
}

func maintenanceReconcile(now time.Time, raw json.RawMessage) (any, error) {
	registerGates.Do(func() {
		apiserverfeatures.RegisterFeatureGates()
		controllermanagerfeatures.RegisterFeatureGates()
	})
	// The gates are process-wide: set them for this run and put them back afterwards.
	previous := map[string]bool{}
	for gate := range maintenanceGates {
		previous[gate] = features.DefaultFeatureGate.Enabled(featureName(gate))
	}
	if err := features.DefaultFeatureGate.SetFromMap(maintenanceGates); err != nil {
		return nil, err
	}
	defer func() { _ = features.DefaultFeatureGate.SetFromMap(previous) }()

	var input struct {
		CloudProfile gardencorev1beta1.CloudProfile `json:"cloudProfile"`
		Shoot        gardencorev1beta1.Shoot        `json:"shoot"`
	}
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	shoot, profile := &input.Shoot, &input.CloudProfile
	if shoot.Spec.Maintenance == nil || shoot.Spec.Maintenance.TimeWindow == nil {
		// Defaulting would pick a random window.
		return nil, fmt.Errorf("the Shoot must set spec.maintenance.timeWindow")
	}
	// The API server defaults what it stores.
	kubernetes.GardenScheme.Default(shoot)
	kubernetes.GardenScheme.Default(profile)
	shoot.UID = types.UID("3c1f4e52-0000-4000-8000-000000000001")
	shoot.CreationTimestamp = metav1.NewTime(now.Add(-30 * 24 * time.Hour))
	shoot.Generation = 1

	// Only a Shoot the API server would have stored is a question worth asking.
	stored, err := internalShoot(shoot)
	if err != nil {
		return nil, err
	}
	if errs := validation.ValidateShoot(stored); len(errs) > 0 {
		return nil, fmt.Errorf("the input Shoot fails Gardener's validation: %v", errs.ToAggregate())
	}

	clk := testclock.NewFakeClock(now)
	if !hasMaintainOperation(shoot) && !gardenerutils.IsNowInEffectiveShootMaintenanceTimeWindow(shoot, clk) {
		return nil, fmt.Errorf("not triggered: no maintain annotation and now is outside the effective window")
	}

	namespace := shoot.Namespace
	project := &gardencorev1beta1.Project{
		ObjectMeta: metav1.ObjectMeta{Name: maintenanceProject},
		Spec:       gardencorev1beta1.ProjectSpec{Namespace: &namespace},
	}
	objects := []client.Object{shoot.DeepCopy(), profile.DeepCopy(), project}
	if name := shoot.Spec.SecretBindingName; name != nil {
		// The binding the Shoot names, for the ShootValidator's lookup (real-world Shoots still
		// name SecretBindings).
		objects = append(objects, &gardencorev1beta1.SecretBinding{
			ObjectMeta: metav1.ObjectMeta{Name: *name, Namespace: namespace},
			Provider:   &gardencorev1beta1.SecretBindingProvider{Type: shoot.Spec.Provider.Type},
			SecretRef:  corev1.SecretReference{Name: "cloud-credentials", Namespace: namespace},
		})
	}
	if name := shoot.Spec.CredentialsBindingName; name != nil {
		objects = append(objects, &securityv1alpha1.CredentialsBinding{
			ObjectMeta:     metav1.ObjectMeta{Name: *name, Namespace: namespace},
			Provider:       securityv1alpha1.CredentialsBindingProvider{Type: shoot.Spec.Provider.Type},
			CredentialsRef: corev1ObjectReference(namespace),
		})
	}

	server := &apiServer{now: now}
	c := newFakeClient(kubernetes.GardenScheme).
		WithObjects(objects...).
		WithInterceptorFuncs(interceptor.Funcs{
			Update:           server.update,
			SubResourcePatch: statusPatchKeepingMetadata,
		}).
		Build()

	// A Shoot the API server refuses on any update (the ShootValidator checks every pool's
	// kubelet version on every update) is not one it would have stored: the profile changed
	// under it. Probing with an annotation tells.
	probe := &gardencorev1beta1.Shoot{}
	if err := c.Get(context.Background(), client.ObjectKeyFromObject(shoot), probe); err != nil {
		return nil, err
	}
	metav1.SetMetaDataAnnotation(&probe.ObjectMeta, "oracle.shoot-policy/probe", "true")
	if err := server.admit(context.Background(), c, probe); err != nil {
		return nil, fmt.Errorf("the input Shoot is refused on any update: %w", err)
	}

	config := controllermanagerconfigv1alpha1.ShootMaintenanceControllerConfiguration{}
	controllermanagerconfigv1alpha1.SetDefaults_ShootMaintenanceControllerConfiguration(&config)
	reconciler := &maintenance.Reconciler{
		Client:   c,
		Config:   config,
		Clock:    clk,
		Recorder: events.NewFakeRecorder(256),
	}
	ctx := context.Background()
	key := types.NamespacedName{Namespace: namespace, Name: shoot.Name}
	before := &gardencorev1beta1.Shoot{}
	if err := c.Get(ctx, key, before); err != nil {
		return nil, err
	}
	_, reconcileErr := reconciler.Reconcile(ctx, reconcile.Request{NamespacedName: key})

	after := &gardencorev1beta1.Shoot{}
	if err := c.Get(ctx, key, after); err != nil {
		return nil, err
	}
	expect := maintainedShootExpect(after)
	changes, err := shootChanges(before, after)
	if err != nil {
		return nil, err
	}
	expect["changes"] = changes
	if reconcileErr != nil {
		// The final update failed (the dry run passed): the Shoot stays as the status patches
		// left it.
		expect["reconcileError"] = reconcileErr.Error()
	}
	return expect, nil
}

func featureName(gate string) featuregate.Feature { return featuregate.Feature(gate) }

// corev1ObjectReference is the Secret a CredentialsBinding of the generated Shoots refers to.
func corev1ObjectReference(namespace string) corev1.ObjectReference {
	return corev1.ObjectReference{APIVersion: "v1", Kind: "Secret", Name: "cloud-credentials", Namespace: namespace}
}

func hasMaintainOperation(shoot *gardencorev1beta1.Shoot) bool {
	operations := strings.Split(shoot.Annotations[v1beta1constants.GardenerOperation], v1beta1constants.GardenerOperationsSeparator)
	return slices.Contains(operations, v1beta1constants.ShootOperationMaintain)
}

// maintainedShootExpect is the case's expect: what the run leaves in the stored Shoot.
func maintainedShootExpect(shoot *gardencorev1beta1.Shoot) map[string]any {
	workers := []any{}
	for _, worker := range shoot.Spec.Provider.Workers {
		entry := map[string]any{"name": worker.Name}
		if image := worker.Machine.Image; image != nil {
			entry["machineImage"] = map[string]any{"name": image.Name, "version": image.Version}
		}
		if worker.Kubernetes != nil && worker.Kubernetes.Version != nil {
			entry["kubernetesVersion"] = *worker.Kubernetes.Version
		}
		workers = append(workers, entry)
	}
	var lastMaintenance any
	if last := shoot.Status.LastMaintenance; last != nil {
		lastMaintenance = map[string]any{
			"state":         string(last.State),
			"description":   last.Description,
			"failureReason": last.FailureReason,
			"triggeredTime": last.TriggeredTime.UTC().Format(time.RFC3339),
		}
	}
	var operation any
	if value, ok := shoot.Annotations[v1beta1constants.GardenerOperation]; ok {
		operation = value
	}
	return map[string]any{
		"kubernetesVersion":   shoot.Spec.Kubernetes.Version,
		"workers":             workers,
		"lastMaintenance":     lastMaintenance,
		"operationAnnotation": operation,
	}
}

func internalShoot(shoot *gardencorev1beta1.Shoot) (*core.Shoot, error) {
	out := &core.Shoot{}
	if err := api.Scheme.Convert(shoot.DeepCopy(), out, nil); err != nil {
		return nil, fmt.Errorf("converting the Shoot: %w", err)
	}
	return out, nil
}

// statusPatchKeepingMetadata applies a status patch to the whole object: the fake client would
// drop its metadata changes, which Gardener's status strategy keeps (it resets only the spec, and
// the maintenance reconciler's status patches change no spec).
func statusPatchKeepingMetadata(ctx context.Context, c client.Client, subResource string, obj client.Object, patch client.Patch, _ ...client.SubResourcePatchOption) error {
	if subResource != "status" {
		return fmt.Errorf("unexpected subresource %q", subResource)
	}
	return c.Patch(ctx, obj, patch)
}

// apiServer validates the Shoot updates the reconciler makes as Gardener's API server does.
type apiServer struct {
	now time.Time
}

func (s *apiServer) update(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
	newShoot, ok := obj.(*gardencorev1beta1.Shoot)
	if !ok {
		return c.Update(ctx, obj, opts...)
	}
	options := &client.UpdateOptions{}
	options.ApplyOptions(opts)
	if err := s.admit(ctx, c, newShoot); err != nil {
		return err
	}
	if slices.Contains(options.DryRun, metav1.DryRunAll) {
		return nil
	}
	return c.Update(ctx, obj, opts...)
}

// admit runs the update's strategy (PrepareForUpdate, ValidateUpdate) and then the ShootValidator
// plugin. Bad values are left out of the errors' texts: Gardener prints internal structs there
// with their pointers' addresses, which no other program can reproduce.
func (s *apiServer) admit(ctx context.Context, c client.Client, v1New *gardencorev1beta1.Shoot) error {
	v1Old := &gardencorev1beta1.Shoot{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(v1New), v1Old); err != nil {
		return err
	}
	newShoot, err := internalShoot(v1New)
	if err != nil {
		return err
	}
	oldShoot, err := internalShoot(v1Old)
	if err != nil {
		return err
	}
	strategy := shootregistry.NewStrategy(0)
	strategy.PrepareForUpdate(ctx, newShoot, oldShoot)
	if errs := strategy.ValidateUpdate(ctx, newShoot, oldShoot); len(errs) > 0 {
		for _, e := range errs {
			e.BadValue = field.OmitValueType{}
		}
		return apierrors.NewInvalid(core.Kind("Shoot"), newShoot.Name, errs)
	}

	handler, stores := shootValidator()
	for _, store := range stores {
		if err := store.reset(ctx, c); err != nil {
			return err
		}
	}
	attributes := admission.NewAttributesRecord(newShoot, oldShoot, core.Kind("Shoot").WithVersion("version"),
		newShoot.Namespace, newShoot.Name, core.Resource("shoots").WithVersion("version"), "", admission.Update,
		&metav1.UpdateOptions{}, false, &user.DefaultInfo{Name: "gardener-controller-manager"})
	if err := handler.Validate(ctx, attributes, nil); err != nil {
		if status, ok := err.(*apierrors.StatusError); ok {
			status.ErrStatus.Message = omitBadValues(status.ErrStatus.Message)
			return status
		}
		return fmt.Errorf("%s", omitBadValues(err.Error()))
	}
	return nil
}

// One ShootValidator for the process: each handler adds its informers' readiness to a global.
var (
	validatorOnce   sync.Once
	validatorPlugin *shootvalidator.ValidateShoot
	validatorStores []informerStore
)

// informerStore refills one lister's cache from the fake client before each admission.
type informerStore struct {
	reset func(ctx context.Context, c client.Client) error
}

func shootValidator() (*shootvalidator.ValidateShoot, []informerStore) {
	validatorOnce.Do(func() {
		plugin, err := shootvalidator.New()
		if err != nil {
			panic(err)
		}
		plugin.SetAuthorizer(authorizer.AuthorizerFunc(func(context.Context, authorizer.Attributes) (authorizer.Decision, string, error) {
			return authorizer.DecisionAllow, "", nil
		}))
		plugin.AssignReadyFunc(func() bool { return true })
		kubeInformers := kubeinformers.NewSharedInformerFactory(nil, 0)
		coreInformers := gardencoreinformers.NewSharedInformerFactory(nil, 0)
		securityInformers := securityinformers.NewSharedInformerFactory(nil, 0)
		plugin.SetKubeInformerFactory(kubeInformers)
		plugin.SetCoreInformerFactory(coreInformers)
		plugin.SetSecurityInformerFactory(securityInformers)

		v1 := coreInformers.Core().V1beta1()
		validatorStores = []informerStore{
			{reset: func(ctx context.Context, c client.Client) error {
				list := &gardencorev1beta1.CloudProfileList{}
				if err := c.List(ctx, list); err != nil {
					return err
				}
				items := []any{}
				for i := range list.Items {
					items = append(items, &list.Items[i])
				}
				return v1.CloudProfiles().Informer().GetStore().Replace(items, "")
			}},
			{reset: func(ctx context.Context, c client.Client) error {
				list := &gardencorev1beta1.NamespacedCloudProfileList{}
				if err := c.List(ctx, list); err != nil {
					return err
				}
				items := []any{}
				for i := range list.Items {
					items = append(items, &list.Items[i])
				}
				return v1.NamespacedCloudProfiles().Informer().GetStore().Replace(items, "")
			}},
			{reset: func(ctx context.Context, c client.Client) error {
				list := &gardencorev1beta1.SeedList{}
				if err := c.List(ctx, list); err != nil {
					return err
				}
				items := []any{}
				for i := range list.Items {
					items = append(items, &list.Items[i])
				}
				return v1.Seeds().Informer().GetStore().Replace(items, "")
			}},
			{reset: func(ctx context.Context, c client.Client) error {
				list := &gardencorev1beta1.ProjectList{}
				if err := c.List(ctx, list); err != nil {
					return err
				}
				items := []any{}
				for i := range list.Items {
					items = append(items, &list.Items[i])
				}
				return v1.Projects().Informer().GetStore().Replace(items, "")
			}},
			{reset: func(ctx context.Context, c client.Client) error {
				list := &gardencorev1beta1.ShootList{}
				if err := c.List(ctx, list); err != nil {
					return err
				}
				items := []any{}
				for i := range list.Items {
					items = append(items, &list.Items[i])
				}
				return v1.Shoots().Informer().GetStore().Replace(items, "")
			}},
			{reset: func(ctx context.Context, c client.Client) error {
				list := &gardencorev1beta1.SecretBindingList{}
				if err := c.List(ctx, list); err != nil {
					return err
				}
				items := []any{}
				for i := range list.Items {
					items = append(items, &list.Items[i])
				}
				return v1.SecretBindings().Informer().GetStore().Replace(items, "")
			}},
			{reset: func(ctx context.Context, c client.Client) error {
				list := &securityv1alpha1.CredentialsBindingList{}
				if err := c.List(ctx, list); err != nil {
					return err
				}
				items := []any{}
				for i := range list.Items {
					items = append(items, &list.Items[i])
				}
				return securityInformers.Security().V1alpha1().CredentialsBindings().Informer().GetStore().Replace(items, "")
			}},
			{reset: func(ctx context.Context, c client.Client) error {
				list := &corev1.SecretList{}
				if err := c.List(ctx, list); err != nil {
					return err
				}
				items := []any{}
				for i := range list.Items {
					items = append(items, &list.Items[i])
				}
				return kubeInformers.Core().V1().Secrets().Informer().GetStore().Replace(items, "")
			}},
		}
		validatorPlugin = plugin
	})
	return validatorPlugin, validatorStores
}

// omitBadValues removes the bad value from every field error in an API error's text:
// `<field>: Invalid value: <value>: <detail>` becomes `<field>: Invalid value: <detail>`, as
// `field.Error` prints an error whose value is omitted.
func omitBadValues(text string) string {
	markers := []string{"Invalid value: ", "Unsupported value: ", "Duplicate value: ", "Not found: ", "Too many: "}
	var out strings.Builder
	for {
		at, marker := -1, ""
		for _, m := range markers {
			if i := strings.Index(text, m); i >= 0 && (at < 0 || i < at) {
				at, marker = i, m
			}
		}
		if at < 0 {
			out.WriteString(text)
			return out.String()
		}
		out.WriteString(text[:at])
		out.WriteString(strings.TrimSuffix(marker, ": "))
		rest := text[at+len(marker):]
		end := valueEnd(rest)
		rest = rest[end:]
		if strings.HasPrefix(rest, ": ") {
			out.WriteString(": ")
			rest = rest[2:]
		}
		text = rest
	}
}

// valueEnd is where a printed bad value ends: at the first `: `, `, ` or `]` outside quotes and
// brackets.
func valueEnd(text string) int {
	depth, quoted := 0, false
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case quoted && ch == '\\':
			i++
		case ch == '"':
			quoted = !quoted
		case quoted:
		case ch == '{' || ch == '[' || ch == '(':
			depth++
		case (ch == '}' || ch == ']' || ch == ')') && depth > 0:
			depth--
		case depth == 0 && (ch == ']' || strings.HasPrefix(text[i:], ": ") || strings.HasPrefix(text[i:], ", ")):
			return i
		}
	}
	return len(text)
}

// shootChanges is every change the run made to the stored Shoot's spec and annotations, as they
// are stored (JSON, Gardener's defaults applied, empty fields omitted as the API server omits
// them): the whole answer, of which the fields above are a part. A change is
// `{path, before, after}`, `before` or `after` left out where the field is absent; a list whose
// length changed is one change, a list of the same length changes per item. The engine's answer
// is diffed the same way (testing/src/conformance/maintenance_reconcile.rs), so a field the run
// removes, empties or nulls differs from one it leaves.
func shootChanges(before, after *gardencorev1beta1.Shoot) ([]any, error) {
	view := func(shoot *gardencorev1beta1.Shoot) (any, error) {
		raw, err := json.Marshal(shoot)
		if err != nil {
			return nil, err
		}
		var stored struct {
			Metadata struct {
				Annotations map[string]any `json:"annotations,omitempty"`
			} `json:"metadata"`
			Spec map[string]any `json:"spec"`
		}
		if err := json.Unmarshal(raw, &stored); err != nil {
			return nil, err
		}
		view := map[string]any{"metadata": map[string]any{}, "spec": stored.Spec}
		if stored.Metadata.Annotations != nil {
			view["metadata"] = map[string]any{"annotations": stored.Metadata.Annotations}
		}
		return view, nil
	}
	old, err := view(before)
	if err != nil {
		return nil, err
	}
	updated, err := view(after)
	if err != nil {
		return nil, err
	}
	changes := []any{}
	diffJSON("", old, updated, true, true, &changes)
	slices.SortFunc(changes, func(a, b any) int {
		return strings.Compare(a.(map[string]any)["path"].(string), b.(map[string]any)["path"].(string))
	})
	return changes, nil
}

// diffJSON appends the changes from a to b below path; hasA and hasB say whether each is there.
func diffJSON(path string, a, b any, hasA, hasB bool, changes *[]any) {
	objectA, isObjectA := a.(map[string]any)
	objectB, isObjectB := b.(map[string]any)
	if hasA && hasB && isObjectA && isObjectB {
		keys := map[string]bool{}
		for key := range objectA {
			keys[key] = true
		}
		for key := range objectB {
			keys[key] = true
		}
		for key := range keys {
			valueA, inA := objectA[key]
			valueB, inB := objectB[key]
			child := key
			if path != "" {
				child = path + "." + key
			}
			diffJSON(child, valueA, valueB, inA, inB, changes)
		}
		return
	}
	listA, isListA := a.([]any)
	listB, isListB := b.([]any)
	if hasA && hasB && isListA && isListB && len(listA) == len(listB) {
		for i := range listA {
			diffJSON(fmt.Sprintf("%s[%d]", path, i), listA[i], listB[i], true, true, changes)
		}
		return
	}
	if hasA == hasB && reflect.DeepEqual(a, b) {
		return
	}
	change := map[string]any{"path": path}
	if hasA {
		change["before"] = a
	}
	if hasB {
		change["after"] = b
	}
	*changes = append(*changes, change)
}
