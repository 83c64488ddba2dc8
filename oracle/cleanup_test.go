package oracle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	v1beta1helper "github.com/gardener/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gardener/gardener/pkg/apis/core/v1beta1/constants"
	"github.com/gardener/gardener/pkg/client/kubernetes"
	fakekubernetes "github.com/gardener/gardener/pkg/client/kubernetes/fake"
	"github.com/gardener/gardener/pkg/gardenlet/operation"
	"github.com/gardener/gardener/pkg/gardenlet/operation/botanist"
	"github.com/gardener/gardener/pkg/gardenlet/operation/shoot"
)

// The deletion cleanup of a Shoot cluster: Gardener's exported Botanist methods CleanWebhooks,
// CleanExtendedAPIs and CleanKubernetesResources (pkg/gardenlet/operation/botanist/cleanup.go) run
// against controller-runtime's fake client, whose interceptor records every List, Delete (with its
// options) and Patch, and whose logger records the leftovers the cleaner ignores. Nothing of the
// plan is read from Gardener's code: its options are unexported, so they are observed.
//
//   - The objects of the case are cleaned once, in flow order, at `now`: what each step lists,
//     deletes, finalizes and marks, and what is left when it checks that everything is gone.
//     A DELETE is recorded but not carried out (a deletion the API server has accepted is not yet
//     done when the cleaner checks), a Patch is carried out (the finalizers it removes free the
//     object at once).
//   - The plan is probed with objects of each kind a step cleans: a fresh one shows the DELETE's
//     grace period; ones in a namespace that does not exist and created long after the cleanup's
//     start show whether leftovers are ignored; ones deleted at ages found by a k-ary search show
//     the finalization delay (finalized when deleted more than that many seconds ago) and, for
//     VolumeSnapshotContents, the delay before they are marked for the CSI driver; ones created at
//     offsets from the cleanup's start found the same way show the leftover allowance.
//
// The flow around the three methods is the only rebuilt part (reconciler_delete.go is one function
// over a whole Botanist): their order, a failing step stops the later ones (each depends on the
// one before), and "Cleaning extended API groups" is skipped when the Shoot has the annotation
// shoot.gardener.cloud/skip-cleanup. The cluster's resources are taken as present and cleanable.
func init() {
	register("cleanup-run", cleanupRun)
}

type cleanupInput struct {
	Shoot              *gardencorev1beta1.Shoot `json:"shoot"`
	Objects            []json.RawMessage        `json:"objects"`
	CleanupStartTime   *string                  `json:"cleanupStartTime"`
	ExistingNamespaces []string                 `json:"existingNamespaces"`
}

// cleanupMethod is one of the Botanist's cleaners, as the deletion flow runs it.
type cleanupMethod struct {
	name string
	run  func(*botanist.Botanist, context.Context) error
}

var cleanupMethods = []cleanupMethod{
	{"webhooks", (*botanist.Botanist).CleanWebhooks},
	{"extended-apis", (*botanist.Botanist).CleanExtendedAPIs},
	{"kubernetes-resources", (*botanist.Botanist).CleanKubernetesResources},
}

// skippedByFlow is reconciler_delete.go's SkipIf of the task, the cluster's resources present.
func skippedByFlow(method string, shoot *gardencorev1beta1.Shoot) bool {
	return method == "extended-apis" && metav1.HasAnnotation(shoot.ObjectMeta, v1beta1constants.AnnotationShootSkipCleanup)
}

// Kinds without a namespace, for the probes' placement.
var clusterScopedKinds = map[string]bool{
	"MutatingWebhookConfiguration":   true,
	"ValidatingWebhookConfiguration": true,
	"APIService":                     true,
	"CustomResourceDefinition":       true,
	"VolumeSnapshotContent":          true,
}

const (
	seedNamespace  = "shoot--dev--demo"
	probeFinalizer = "oracle.shoot-policy.dev/probe"
	// The probes' searches cover thresholds within this many seconds either side of zero; the
	// generator's annotation values stay inside.
	probeRange = 1 << 17
	// Probes per search and run: each run narrows a search's interval by this plus one.
	probesPerSearch = 16
	beingDeleted    = "snapshot.storage.kubernetes.io/volumesnapshot-being-deleted"
	beingCreated    = "snapshot.storage.kubernetes.io/volumesnapshot-being-created"
)

var remainingMessage = regexp.MustCompile(`remaining objects are still present: \[[^\]]*\]`)

func cleanupRun(now time.Time, raw json.RawMessage) (any, error) {
	var input cleanupInput
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	if input.Shoot == nil || input.ExistingNamespaces == nil {
		return nil, errors.New("served for the cleanup's cases only: input.shoot and input.existingNamespaces")
	}
	objects := make([]client.Object, 0, len(input.Objects))
	for i, rawObject := range input.Objects {
		object, err := decodeShootObject(rawObject)
		if err != nil {
			return nil, fmt.Errorf("input.objects[%d]: %w", i, err)
		}
		objects = append(objects, object)
	}

	expect := map[string]any{}
	// The case's objects, at `now`.
	selection, err := cleanObjects(input, objects)
	if err != nil {
		return nil, err
	}
	for key, value := range selection {
		expect[key] = value
	}

	// The probes run at a whole second, as the objects' timestamps are: a threshold is then the
	// last whole second that does not pass it.
	if rest := time.Now().Sub(time.Now().Truncate(time.Second)); rest > 0 {
		time.Sleep(time.Second - rest)
	}
	steps, allowance, err := cachedPlan(input.Shoot)
	if err != nil {
		return nil, err
	}
	expect["steps"] = steps
	expect["ignoreLeftoversCreatedAfterSeconds"] = allowance
	return expect, nil
}

// decodeShootObject reads an object of the Shoot cluster into its Go type.
func decodeShootObject(raw json.RawMessage) (client.Object, error) {
	var typeMeta metav1.TypeMeta
	if err := json.Unmarshal(raw, &typeMeta); err != nil {
		return nil, err
	}
	gvk := schema.FromAPIVersionAndKind(typeMeta.APIVersion, typeMeta.Kind)
	object, err := kubernetes.ShootScheme.New(gvk)
	if err != nil {
		return nil, fmt.Errorf("a kind the Shoot cluster's scheme does not know: %w", err)
	}
	if err := json.Unmarshal(raw, object); err != nil {
		return nil, err
	}
	return object.(client.Object), nil
}

// cleanupRecorder records what the cleaners did, per method.
type cleanupRecorder struct {
	mu sync.Mutex
	// Whether a Patch is carried out (the objects' run) or only recorded (the probes).
	applyPatches bool
	method       string
	steps        map[string]*stepRecord
	// The errors of the steps that cleaned: objects remaining.
	stepErrors []error
	// The group and version of each kind listed.
	kinds map[string]schema.GroupVersionKind
}

type stepRecord struct {
	// Per kind, the objects each List returned, in call order: the first is what the cleaner
	// selected, the last what the check that everything is gone found.
	lists     map[string][][]string
	deletes   map[string]*int64
	finalized map[string]bool
	marked    map[string]bool
	ignored   map[string]bool
}

func (r *cleanupRecorder) step() *stepRecord {
	if r.steps[r.method] == nil {
		r.steps[r.method] = &stepRecord{
			lists:     map[string][][]string{},
			deletes:   map[string]*int64{},
			finalized: map[string]bool{},
			marked:    map[string]bool{},
			ignored:   map[string]bool{},
		}
	}
	return r.steps[r.method]
}

// cleanedKinds are the kinds a step cleaned: listed once to clean and once to check they are gone
// (the Namespaces the Kubernetes-resources step lists for its leftover rule are listed once).
func (s *stepRecord) cleanedKinds() []string {
	var kinds []string
	for kind, lists := range s.lists {
		if len(lists) >= 2 {
			kinds = append(kinds, kind)
		}
	}
	slices.Sort(kinds)
	return kinds
}

func objectID(kind string, object client.Object) string {
	if object.GetNamespace() == "" {
		return kind + "/" + object.GetName()
	}
	return kind + "/" + object.GetNamespace() + "/" + object.GetName()
}

func kindOf(object runtime.Object) string {
	gvk, err := apiutil.GVKForObject(object, kubernetes.ShootScheme)
	if err != nil {
		return fmt.Sprintf("%T", object)
	}
	return strings.TrimSuffix(gvk.Kind, "List")
}

func (r *cleanupRecorder) interceptors() interceptor.Funcs {
	return interceptor.Funcs{
		List: func(ctx context.Context, c client.WithWatch, list client.ObjectList, opts ...client.ListOption) error {
			if err := c.List(ctx, list, opts...); err != nil {
				return err
			}
			kind := kindOf(list)
			gvk, _ := apiutil.GVKForObject(list, kubernetes.ShootScheme)
			var ids []string
			if err := meta.EachListItem(list, func(item runtime.Object) error {
				ids = append(ids, objectID(kind, item.(client.Object)))
				return nil
			}); err != nil {
				return err
			}
			r.mu.Lock()
			defer r.mu.Unlock()
			step := r.step()
			step.lists[kind] = append(step.lists[kind], ids)
			r.kinds[kind] = gvk.GroupVersion().WithKind(kind)
			return nil
		},
		Delete: func(_ context.Context, _ client.WithWatch, object client.Object, opts ...client.DeleteOption) error {
			options := &client.DeleteOptions{}
			options.ApplyOptions(opts)
			r.mu.Lock()
			defer r.mu.Unlock()
			r.step().deletes[objectID(kindOf(object), object)] = options.GracePeriodSeconds
			return nil
		},
		Patch: func(ctx context.Context, c client.WithWatch, object client.Object, patch client.Patch, opts ...client.PatchOption) error {
			data, err := patch.Data(object)
			if err != nil {
				return err
			}
			var body struct {
				Metadata map[string]json.RawMessage `json:"metadata"`
			}
			if err := json.Unmarshal(data, &body); err != nil {
				return err
			}
			id := objectID(kindOf(object), object)
			r.mu.Lock()
			step := r.step()
			if finalizers, ok := body.Metadata["finalizers"]; ok && string(finalizers) == "null" {
				step.finalized[id] = true
			}
			// The marking cleaner's patch: it sets volumesnapshot-being-deleted and drops
			// volumesnapshot-being-created, so one of the two is in it.
			var annotations map[string]*string
			_ = json.Unmarshal(body.Metadata["annotations"], &annotations)
			if _, deleted := annotations[beingDeleted]; deleted || hasKey(annotations, beingCreated) {
				step.marked[id] = true
			}
			apply := r.applyPatches
			r.mu.Unlock()
			if !apply {
				return nil
			}
			return c.Patch(ctx, object, patch, opts...)
		},
	}
}

// ignoredLeftovers is a log sink that records the leftovers the cleaner's check ignores
// (utilclient.IgnoreUnknownNamespaces, IgnoreObjectsCreatedAfter log each one).
type ignoredLeftovers struct{ recorder *cleanupRecorder }

func (l ignoredLeftovers) Init(logr.RuntimeInfo) {}
func (l ignoredLeftovers) Enabled(int) bool      { return true }
func (l ignoredLeftovers) Error(error, string, ...any) {
}
func (l ignoredLeftovers) WithValues(...any) logr.LogSink { return l }
func (l ignoredLeftovers) WithName(string) logr.LogSink   { return l }
func (l ignoredLeftovers) Info(_ int, message string, keysAndValues ...any) {
	if !strings.HasPrefix(message, "Ignoring leftover object") {
		return
	}
	var (
		key  client.ObjectKey
		kind string
	)
	for i := 0; i+1 < len(keysAndValues); i += 2 {
		switch keysAndValues[i] {
		case "obj":
			key, _ = keysAndValues[i+1].(client.ObjectKey)
		case "gvk":
			gvk, _ := keysAndValues[i+1].(string)
			_, kind, _ = strings.Cut(gvk, "Kind=")
		}
	}
	id := kind + "/" + key.Name
	if key.Namespace != "" {
		id = kind + "/" + key.Namespace + "/" + key.Name
	}
	l.recorder.mu.Lock()
	defer l.recorder.mu.Unlock()
	l.recorder.step().ignored[id] = true
}

// cleanupCluster is one Shoot cluster and its seed namespace, with a Botanist over them.
type cleanupCluster struct {
	recorder *cleanupRecorder
	botanist *botanist.Botanist
}

func newCleanupCluster(shootObject *gardencorev1beta1.Shoot, objects []client.Object, namespaces []string, start *string, applyPatches bool) (*cleanupCluster, error) {
	recorder := &cleanupRecorder{applyPatches: applyPatches, steps: map[string]*stepRecord{}, kinds: map[string]schema.GroupVersionKind{}}
	all := make([]client.Object, 0, len(objects)+len(namespaces))
	for _, name := range namespaces {
		all = append(all, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}})
	}
	for _, object := range objects {
		all = append(all, object.DeepCopyObject().(client.Object))
	}
	shootClient, err := buildClient(kubernetes.ShootScheme, all, recorder.interceptors())
	if err != nil {
		return nil, err
	}
	namespace := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: seedNamespace, UID: "seed-namespace"}}
	if start != nil {
		metav1.SetMetaDataAnnotation(&namespace.ObjectMeta, v1beta1constants.AnnotationShootCleanupKubernetesResourcesStartTime, *start)
	}
	seedClient, err := buildClient(kubernetes.SeedScheme, []client.Object{namespace.DeepCopy()}, interceptor.Funcs{})
	if err != nil {
		return nil, err
	}
	info := &shoot.Shoot{ControlPlaneNamespace: seedNamespace}
	info.SetInfo(shootObject)
	return &cleanupCluster{
		recorder: recorder,
		botanist: &botanist.Botanist{Operation: &operation.Operation{
			Clock:               clock.RealClock{},
			Logger:              logr.New(ignoredLeftovers{recorder}),
			Shoot:               info,
			ShootClientSet:      fakekubernetes.NewClientSetBuilder().WithClient(shootClient).Build(),
			SeedClientSet:       fakekubernetes.NewClientSetBuilder().WithClient(seedClient).Build(),
			SeedNamespaceObject: namespace,
		}},
	}, nil
}

// buildClient is the fake client over the objects; an object it refuses is the input's fault.
func buildClient(scheme *runtime.Scheme, objects []client.Object, funcs interceptor.Funcs) (c client.Client, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the fake client refuses the objects: %v", r)
		}
	}()
	return newFakeClient(scheme).WithObjects(objects...).WithInterceptorFuncs(funcs).Build(), nil
}

// run runs one cleaner once: its context is done already, so the retry around each kind gives up
// after the first pass instead of waiting for the objects to go.
func (c *cleanupCluster) run(method cleanupMethod) (record *stepRecord, optionError error) {
	c.recorder.mu.Lock()
	c.recorder.method = method.name
	record = c.recorder.step()
	c.recorder.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := method.run(c.botanist, ctx)
	c.recorder.mu.Lock()
	defer c.recorder.mu.Unlock()
	if err != nil && len(record.cleanedKinds()) == 0 {
		// The step failed before it cleaned anything: its options did not parse.
		return record, err
	}
	if err != nil {
		c.recorder.stepErrors = append(c.recorder.stepErrors, err)
	}
	return record, nil
}

// cleanObjects cleans the case's objects once, in flow order.
func cleanObjects(input cleanupInput, objects []client.Object) (map[string]any, error) {
	cluster, err := newCleanupCluster(input.Shoot, objects, input.ExistingNamespaces, input.CleanupStartTime, true)
	if err != nil {
		return nil, err
	}
	var records []*stepRecord
	for _, method := range cleanupMethods {
		if skippedByFlow(method.name, input.Shoot) {
			continue
		}
		record, optionError := cluster.run(method)
		if optionError != nil {
			break
		}
		records = append(records, record)
	}
	var (
		selected                                                     = map[string]bool{}
		deleted, finalized, notYetFinalized, marked, ignored, remain = []string{}, []string{}, []string{}, []string{}, []string{}, []string{}
	)
	deletionOf := map[string]bool{}
	for _, object := range objects {
		deletionOf[objectID(kindOf(object), object)] = object.GetDeletionTimestamp() != nil
	}
	for _, record := range records {
		for _, kind := range record.cleanedKinds() {
			lists := record.lists[kind]
			for _, id := range lists[0] {
				selected[id] = true
				switch {
				case hasKey(record.deletes, id):
					deleted = append(deleted, id)
				case record.finalized[id]:
					finalized = append(finalized, id)
				case deletionOf[id]:
					notYetFinalized = append(notYetFinalized, id)
				}
				if record.marked[id] {
					marked = append(marked, id)
				}
			}
			for _, id := range lists[len(lists)-1] {
				if record.ignored[id] {
					ignored = append(ignored, id)
				} else {
					remain = append(remain, id)
				}
			}
		}
	}
	kept := []string{}
	for _, object := range objects {
		if id := objectID(kindOf(object), object); !selected[id] {
			kept = append(kept, id)
		}
	}
	var (
		errorCode any
		messages  = []string{}
	)
	for _, err := range cluster.recorder.stepErrors {
		for _, code := range v1beta1helper.ExtractErrorCodes(err) {
			if code == gardencorev1beta1.ErrorCleanupClusterResources {
				errorCode = string(code)
			}
		}
		messages = append(messages, remainingMessage.FindAllString(err.Error(), -1)...)
	}
	slices.Sort(messages)
	return map[string]any{
		"deleted":                    deleted,
		"kept":                       kept,
		"finalizedNow":               finalized,
		"notYetFinalized":            notYetFinalized,
		"markedSnapshotBeingDeleted": marked,
		"ignoredLeftovers":           ignored,
		"remaining":                  remain,
		"errorCode":                  errorCode,
		"errors":                     messages,
	}, nil
}

func hasKey[V any](m map[string]V, key string) bool {
	_, ok := m[key]
	return ok
}

// kindPlan is what the probes found of one kind a step cleans.
type kindPlan struct {
	Kind string `json:"kind"`
	// The DELETE's gracePeriodSeconds (null: none given).
	GracePeriodSeconds *int64 `json:"gracePeriodSeconds"`
	// Finalizers are removed once the object was deleted more than this many seconds ago.
	FinalizeAfterSeconds int64 `json:"finalizeAfterSeconds"`
	// Whether a leftover in a namespace that does not exist is ignored (null: the kind has no
	// namespace).
	IgnoresLeftoversInUnknownNamespaces *bool `json:"ignoresLeftoversInUnknownNamespaces"`
	// Whether a leftover created long after the cleanup's start is ignored.
	IgnoresLeftoversCreatedLate bool `json:"ignoresLeftoversCreatedLate"`
	// A VolumeSnapshotContent deleted more than this many seconds ago is marked
	// volumesnapshot-being-deleted (null: never).
	MarksBeingDeletedAfterSeconds *int64 `json:"marksBeingDeletedAfterSeconds"`
}

type stepPlan struct {
	Method  string     `json:"method"`
	Skipped bool       `json:"skipped"`
	Error   *string    `json:"error,omitempty"`
	Kinds   []kindPlan `json:"kinds,omitempty"`
}

// A threshold search: the least value in (lo, hi] at which the probe says yes, the probe saying no
// at lo and yes at hi.
type search struct {
	lo, hi int64
}

func (s *search) done() bool { return s.hi-s.lo <= 1 }

// points are the values the next run probes, strictly between lo and hi.
func (s *search) points() []int64 {
	var points []int64
	for j := int64(1); j <= probesPerSearch; j++ {
		point := s.lo + (s.hi-s.lo)*j/(probesPerSearch+1)
		if point > s.lo && point < s.hi && (len(points) == 0 || points[len(points)-1] != point) {
			points = append(points, point)
		}
	}
	return points
}

func (s *search) narrow(point int64, yes bool) {
	if yes && point < s.hi {
		s.hi = point
	}
	if !yes && point > s.lo {
		s.lo = point
	}
}

// The probed plans by the Shoot's annotations, all the plan depends on: the probes take most of
// a request's time, and the generator draws annotations from few values.
var (
	plansMu sync.Mutex
	plans   = map[string]probedPlan{}
)

type probedPlan struct {
	steps     []stepPlan
	allowance any
}

func cachedPlan(shootObject *gardencorev1beta1.Shoot) ([]stepPlan, any, error) {
	raw, err := json.Marshal(shootObject.Annotations)
	if err != nil {
		return nil, nil, err
	}
	key := string(raw)
	plansMu.Lock()
	known, ok := plans[key]
	plansMu.Unlock()
	if ok {
		return known.steps, known.allowance, nil
	}
	steps, allowance, err := probePlan(shootObject)
	if err != nil {
		return nil, nil, err
	}
	plansMu.Lock()
	plans[key] = probedPlan{steps, allowance}
	plansMu.Unlock()
	return steps, allowance, nil
}

// probePlan runs each step on probe objects until its options are known.
func probePlan(shootObject *gardencorev1beta1.Shoot) ([]stepPlan, any, error) {
	base := time.Now()
	start := base.UTC().Format(time.RFC3339)
	var (
		steps     []stepPlan
		allowance any
	)
	for _, method := range cleanupMethods {
		if skippedByFlow(method.name, shootObject) {
			steps = append(steps, stepPlan{Method: method.name, Skipped: true})
			continue
		}
		// An empty cluster: which kinds the step cleans, or its error.
		cluster, err := newCleanupCluster(shootObject, nil, []string{"default"}, &start, false)
		if err != nil {
			return nil, nil, err
		}
		record, optionError := cluster.run(method)
		if optionError != nil {
			message := optionError.Error()
			steps = append(steps, stepPlan{Method: method.name, Error: &message})
			break
		}
		kinds := record.cleanedKinds()
		gvks := cluster.recorder.kinds
		plan, methodAllowance, err := probeKinds(shootObject, method, kinds, gvks, base, start)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", method.name, err)
		}
		if methodAllowance != nil {
			allowance = *methodAllowance
		}
		steps = append(steps, stepPlan{Method: method.name, Kinds: plan})
	}
	return steps, allowance, nil
}

// probe is one probe object: what it stands for and how it came out.
type probe struct {
	kind    string
	purpose string
	value   int64
	object  client.Object
}

// probeHints are where the thresholds likely lie, for the first run's probes to hit them at
// once: the defaults and every whole number among the Shoot's annotations, with the grace
// factors' halves and tenths, each with the second after it. Only where the probes go depends on
// them; what the thresholds are is what the cleaners do with the probes.
func probeHints(shootObject *gardencorev1beta1.Shoot) []int64 {
	candidates := []int64{0, 150, 300, 3600}
	for _, value := range shootObject.Annotations {
		if n, err := strconv.ParseInt(value, 10, 64); err == nil {
			candidates = append(candidates, n, int64(float64(n)*0.5), int64(float64(n)*0.1))
		}
	}
	var hints []int64
	for _, c := range candidates {
		for _, h := range []int64{c, c + 1} {
			if h > -probeRange && h < probeRange && !slices.Contains(hints, h) {
				hints = append(hints, h)
			}
		}
	}
	return hints
}

func newProbe(gvk schema.GroupVersionKind, purpose string, value int64, namespace string) (*probe, error) {
	object, err := kubernetes.ShootScheme.New(gvk)
	if err != nil {
		return nil, err
	}
	o := object.(client.Object)
	o.SetName(fmt.Sprintf("%s-%d", purpose, value))
	if value < 0 {
		o.SetName(fmt.Sprintf("%s-minus-%d", purpose, -value))
	}
	if !clusterScopedKinds[gvk.Kind] {
		o.SetNamespace(namespace)
	}
	return &probe{kind: gvk.Kind, purpose: purpose, value: value, object: o}, nil
}

func probeKinds(shootObject *gardencorev1beta1.Shoot, method cleanupMethod, kinds []string, gvks map[string]schema.GroupVersionKind, base time.Time, start string) ([]kindPlan, *int64, error) {
	longAgo := metav1.NewTime(base.Add(-4 * probeRange * time.Second))
	deletedAgo := func(p *probe) *probe {
		p.object.SetCreationTimestamp(longAgo)
		at := metav1.NewTime(base.Add(-time.Duration(p.value) * time.Second))
		p.object.SetDeletionTimestamp(&at)
		p.object.SetFinalizers([]string{probeFinalizer})
		return p
	}
	createdAt := func(p *probe) *probe {
		p.object.SetCreationTimestamp(metav1.NewTime(base.Add(time.Duration(p.value) * time.Second)))
		return p
	}
	runProbes := func(probes []*probe) (*stepRecord, error) {
		objects := make([]client.Object, 0, len(probes))
		for _, p := range probes {
			objects = append(objects, p.object)
		}
		cluster, err := newCleanupCluster(shootObject, objects, []string{"default"}, &start, false)
		if err != nil {
			return nil, err
		}
		record, optionError := cluster.run(method)
		if optionError != nil {
			return nil, fmt.Errorf("the step failed on its probes: %w", optionError)
		}
		return record, nil
	}
	id := func(p *probe) string { return objectID(p.kind, p.object) }

	// First run: a fresh object, a leftover in a namespace that does not exist, one created late,
	// and objects deleted at both ends of the searched range.
	var probes []*probe
	add := func(p *probe, err error) *probe {
		if err == nil {
			probes = append(probes, p)
		}
		return p
	}
	plans := make([]kindPlan, len(kinds))
	type kindProbes struct {
		fresh, unknownNamespace, late, youngest, oldest *probe
		// At each hint and a second after it: deleted that long ago, created that long after
		// the start.
		deleted, created []*probe
	}
	first := make([]kindProbes, len(kinds))
	hints := probeHints(shootObject)
	for i, kind := range kinds {
		gvk := gvks[kind]
		fresh := add(newProbe(gvk, "fresh", 0, "default"))
		fresh.object.SetCreationTimestamp(longAgo)
		first[i].fresh = fresh
		if !clusterScopedKinds[kind] {
			p := add(newProbe(gvk, "unknown-namespace", 0, "gone"))
			p.object.SetCreationTimestamp(longAgo)
			first[i].unknownNamespace = p
		}
		first[i].late = createdAt(add(newProbe(gvk, "late", probeRange, "default")))
		first[i].youngest = deletedAgo(add(newProbe(gvk, "deleted", -probeRange, "default")))
		first[i].oldest = deletedAgo(add(newProbe(gvk, "deleted", probeRange, "default")))
		for _, hint := range hints {
			first[i].deleted = append(first[i].deleted, deletedAgo(add(newProbe(gvk, "deleted", hint, "default"))))
			first[i].created = append(first[i].created, createdAt(add(newProbe(gvk, "created", hint, "default"))))
		}
	}
	record, err := runProbes(probes)
	if err != nil {
		return nil, nil, err
	}
	var (
		finalize = make([]*search, len(kinds))
		marking  = make([]*search, len(kinds))
		lateKind = -1
	)
	for i, kind := range kinds {
		p := first[i]
		plans[i] = kindPlan{Kind: kind, GracePeriodSeconds: record.deletes[id(p.fresh)]}
		if !hasKey(record.deletes, id(p.fresh)) {
			return nil, nil, fmt.Errorf("%s: a fresh object was not deleted", kind)
		}
		if p.unknownNamespace != nil {
			ignored := record.ignored[id(p.unknownNamespace)]
			plans[i].IgnoresLeftoversInUnknownNamespaces = &ignored
		}
		plans[i].IgnoresLeftoversCreatedLate = record.ignored[id(p.late)]
		if plans[i].IgnoresLeftoversCreatedLate && lateKind < 0 {
			lateKind = i
		}
		if record.finalized[id(p.youngest)] || !record.finalized[id(p.oldest)] {
			return nil, nil, fmt.Errorf("%s: the finalization delay is outside ±%d s", kind, probeRange)
		}
		finalize[i] = &search{lo: -probeRange, hi: probeRange}
		for _, hinted := range p.deleted {
			finalize[i].narrow(hinted.value, record.finalized[id(hinted)])
		}
		if record.marked[id(p.youngest)] {
			return nil, nil, fmt.Errorf("%s: the marking delay is below -%d s", kind, probeRange)
		}
		if record.marked[id(p.oldest)] {
			marking[i] = &search{lo: -probeRange, hi: probeRange}
			for _, hinted := range p.deleted {
				marking[i].narrow(hinted.value, record.marked[id(hinted)])
			}
		}
	}
	var allowance *search
	if lateKind >= 0 {
		allowance = &search{lo: -probeRange, hi: probeRange}
		for _, hinted := range first[lateKind].created {
			allowance.narrow(hinted.value, record.ignored[id(hinted)])
		}
	}

	// The searches, all kinds in each run.
	for {
		probes = probes[:0]
		type placed struct {
			search *search
			probe  *probe
			marked bool
			late   bool
		}
		var all []placed
		for i, kind := range kinds {
			gvk := gvks[kind]
			if !finalize[i].done() {
				for _, point := range finalize[i].points() {
					all = append(all, placed{search: finalize[i], probe: deletedAgo(add(newProbe(gvk, "finalize", point, "default")))})
				}
			}
			if marking[i] != nil && !marking[i].done() {
				for _, point := range marking[i].points() {
					all = append(all, placed{search: marking[i], probe: deletedAgo(add(newProbe(gvk, "mark", point, "default"))), marked: true})
				}
			}
		}
		if allowance != nil && !allowance.done() {
			gvk := gvks[kinds[lateKind]]
			for _, point := range allowance.points() {
				all = append(all, placed{search: allowance, probe: createdAt(add(newProbe(gvk, "created", point, "default"))), late: true})
			}
		}
		if len(all) == 0 {
			break
		}
		record, err := runProbes(probes)
		if err != nil {
			return nil, nil, err
		}
		for _, p := range all {
			var yes bool
			switch {
			case p.late:
				yes = record.ignored[id(p.probe)]
			case p.marked:
				yes = record.marked[id(p.probe)]
			default:
				yes = record.finalized[id(p.probe)]
			}
			p.search.narrow(p.probe.value, yes)
		}
	}
	for i := range kinds {
		plans[i].FinalizeAfterSeconds = finalize[i].hi - 1
		if marking[i] != nil {
			after := marking[i].hi - 1
			plans[i].MarksBeingDeletedAfterSeconds = &after
		}
	}
	if allowance == nil {
		return plans, nil, nil
	}
	after := allowance.hi - 1
	return plans, &after, nil
}
