package oracle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apiserver/pkg/admission"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/gardener/gardener/pkg/api"
	"github.com/gardener/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	securityv1alpha1 "github.com/gardener/gardener/pkg/apis/security/v1alpha1"
	"github.com/gardener/gardener/pkg/client/kubernetes"
)

// Shoot admission: Gardener's ShootValidator admission plugin (plugin/pkg/shoot/validator),
// whole (the one the maintenance dry run uses), with fake listers that hold the request's
// CloudProfile, a Project for the Shoot's namespace, and the input's Seeds, other Shoots and
// NamespacedCloudProfile when given. The plugin reports its field errors as one aggregated
// message; the answer splits it into its errors and gives each error's field, type and full text
// (the text holds the value, which the engine does not model: the engine's error matches when the
// text starts with its field and type and ends with its detail). A refusal that is not a list of
// field errors (the plugin stops at the first request-level check that fails) is answered as one
// error with an empty field, type FieldValueForbidden and the whole message as its detail. The
// comparison is exhaustive: every error the plugin reports must be the engine's, and the other
// way round.
func init() {
	register("shoot-admission", shootAdmission)
}

type shootAdmissionInput struct {
	Operation              string                                    `json:"operation"`
	CloudProfile           gardencorev1beta1.CloudProfile            `json:"cloudProfile"`
	NamespacedCloudProfile *gardencorev1beta1.NamespacedCloudProfile `json:"namespacedCloudProfile"`
	Shoot                  gardencorev1beta1.Shoot                   `json:"shoot"`
	OldShoot               *gardencorev1beta1.Shoot                  `json:"oldShoot"`
	Seed                   *gardencorev1beta1.Seed                   `json:"seed"`
	OldSeed                *gardencorev1beta1.Seed                   `json:"oldSeed"`
	Shoots                 []gardencorev1beta1.Shoot                 `json:"shoots"`
}

// The project every generated Shoot belongs to (short, so the name-length rule of a create does
// not fire).
const admissionProject = "p"

func shootAdmission(_ time.Time, raw json.RawMessage) (any, error) {
	var input shootAdmissionInput
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	operation := admission.Create
	switch input.Operation {
	case "", "create":
	case "update":
		operation = admission.Update
	case "delete":
		operation = admission.Delete
	default:
		return nil, fmt.Errorf("operation %q is not served", input.Operation)
	}
	if operation == admission.Update && input.OldShoot == nil {
		return nil, errors.New("an update needs oldShoot")
	}
	profile := input.CloudProfile.DeepCopy()
	api.Scheme.Default(profile)
	// Without a NamespacedCloudProfile every Shoot references the CloudProfile; with one, the
	// Shoots keep the reference they have (to either).
	reference := func(shoot *core.Shoot) {
		shoot.Spec.CloudProfileName = nil
		if input.NamespacedCloudProfile == nil || shoot.Spec.CloudProfile == nil {
			shoot.Spec.CloudProfile = &core.CloudProfileReference{Kind: "CloudProfile", Name: profile.Name}
		}
	}
	shoot, err := storedShoot(&input.Shoot)
	if err != nil {
		return nil, err
	}
	reference(shoot)
	var old *core.Shoot
	if operation == admission.Update {
		if old, err = storedShoot(input.OldShoot); err != nil {
			return nil, err
		}
		reference(old)
	}
	project := &gardencorev1beta1.Project{
		ObjectMeta: metav1.ObjectMeta{Name: admissionProject},
		Spec:       gardencorev1beta1.ProjectSpec{Namespace: &shoot.Namespace},
	}
	objects := []client.Object{profile, project}
	if input.NamespacedCloudProfile != nil {
		namespaced := input.NamespacedCloudProfile.DeepCopy()
		namespaced.Namespace = shoot.Namespace
		api.Scheme.Default(namespaced)
		// The merged profile in the status is what the NamespacedCloudProfile controller writes
		// from defaulted objects; the API server does not default the status itself.
		merged := &gardencorev1beta1.CloudProfile{Spec: namespaced.Status.CloudProfileSpec}
		api.Scheme.Default(merged)
		namespaced.Status.CloudProfileSpec = merged.Spec
		objects = append(objects, namespaced)
	}
	seeds := map[string]bool{}
	for _, seed := range []*gardencorev1beta1.Seed{input.Seed, input.OldSeed} {
		if seed == nil || seeds[seed.Name] {
			continue
		}
		seeds[seed.Name] = true
		seed = seed.DeepCopy()
		api.Scheme.Default(seed)
		objects = append(objects, seed)
	}
	// A Seed the plugin looks up and does not find is an internal error, no answer to compare.
	if name := shoot.Spec.SeedName; name != nil && !seeds[*name] {
		return nil, fmt.Errorf("the Shoot's seed %q is not in the input", *name)
	}
	for i := range input.Shoots {
		other := input.Shoots[i].DeepCopy()
		api.Scheme.Default(other)
		objects = append(objects, other)
	}
	if name := shoot.Spec.CredentialsBindingName; name != nil {
		// The binding names the CloudProfile's provider type.
		objects = append(objects, &securityv1alpha1.CredentialsBinding{
			ObjectMeta: metav1.ObjectMeta{Name: *name, Namespace: shoot.Namespace},
			Provider:   securityv1alpha1.CredentialsBindingProvider{Type: profile.Spec.Type},
		})
	}
	// Every Secret the Shoot references holds a kubeconfig: what is in a Secret is beyond the
	// objects the engine reads.
	for _, resource := range shoot.Spec.Resources {
		if resource.ResourceRef.APIVersion == "v1" && resource.ResourceRef.Kind == "Secret" {
			objects = append(objects, &corev1.Secret{
				ObjectMeta: metav1.ObjectMeta{Name: resource.ResourceRef.Name, Namespace: shoot.Namespace},
				Data:       map[string][]byte{"kubeconfig": []byte("apiVersion: v1\nkind: Config\n")},
			})
		}
	}
	c := newFakeClient(kubernetes.GardenScheme).WithObjects(objects...).Build()
	plugin, stores := shootValidator()
	for _, store := range stores {
		if err := store.reset(context.Background(), c); err != nil {
			return nil, err
		}
	}
	attributes := shootAttributes(shoot, old, operation)
	err = plugin.Validate(context.Background(), attributes, nil)
	if err == nil {
		return map[string]any{"valid": true, "errors": []any{}, "exhaustive": true}, nil
	}
	var status *apierrors.StatusError
	if errors.As(err, &status) && status.ErrStatus.Reason == metav1.StatusReasonInternalError {
		// A missing object or a lister failure: the harness's, not an answer to compare.
		return nil, fmt.Errorf("the validator failed with an internal error: %w", err)
	}
	prefix := fmt.Sprintf("shoots.core.gardener.cloud %q is forbidden: ", shoot.Name)
	message := err.Error()
	if errors.As(err, &status) && status.ErrStatus.Reason == metav1.StatusReasonForbidden && strings.HasPrefix(message, prefix) {
		if listed, err := splitFieldErrors(strings.TrimPrefix(message, prefix)); err == nil {
			return map[string]any{"valid": false, "errors": listed, "exhaustive": true}, nil
		}
	}
	// A request-level refusal: the plugin stopped there.
	refusal := map[string]string{"field": "", "type": "FieldValueForbidden", "detail": message}
	return map[string]any{"valid": false, "errors": []map[string]string{refusal}, "exhaustive": true}, nil
}

// unorderedSupportedValues matches an error whose "supported values" Gardener lists from a Go
// set's UnsortedList (random order): the region's access restrictions. The answer sorts them, as
// the engine lists them.
var unorderedSupportedValues = regexp.MustCompile(`^(spec\.accessRestrictions\[\d+\]: Unsupported value: .*supported values: )(.*)$`)

func sortSupportedValues(text string) string {
	m := unorderedSupportedValues.FindStringSubmatch(text)
	if m == nil {
		return text
	}
	values := []string{}
	for _, quoted := range strings.Split(m[2], ", ") {
		value, err := strconv.Unquote(quoted)
		if err != nil {
			return text
		}
		values = append(values, value)
	}
	sort.Strings(values)
	for i, value := range values {
		values[i] = strconv.Quote(value)
	}
	return m[1] + strings.Join(values, ", ")
}

// The start of one field error in an aggregated message: its field (under spec, metadata or
// status) and the error type's text.
var fieldErrorStart = regexp.MustCompile(`(?:^|, )((?:spec|metadata|status)(?:[.\[][^:]*)?): (Required value|Invalid value|Forbidden|Duplicate value|Unsupported value|Too long|Too many|Internal error)`)

var fieldErrorTypes = map[string]string{
	"Required value":    "FieldValueRequired",
	"Invalid value":     "FieldValueInvalid",
	"Forbidden":         "FieldValueForbidden",
	"Duplicate value":   "FieldValueDuplicate",
	"Unsupported value": "FieldValueNotSupported",
	"Too long":          "FieldValueTooLong",
	"Too many":          "FieldValueTooMany",
	"Internal error":    "InternalError",
}

// splitFieldErrors reads an aggregate's message ("[a, b]", or "a" alone) back into its field
// errors. Each error starts with a field path and a type's text; the text runs to the next start.
func splitFieldErrors(message string) ([]map[string]string, error) {
	inner := message
	if strings.HasPrefix(message, "[") && strings.HasSuffix(message, "]") {
		inner = message[1 : len(message)-1]
	}
	starts := fieldErrorStart.FindAllStringSubmatchIndex(inner, -1)
	if len(starts) == 0 || starts[0][0] != 0 {
		return nil, fmt.Errorf("the refusal is not a list of field errors: %s", message)
	}
	listed := []map[string]string{}
	for i, start := range starts {
		end := len(inner)
		if i+1 < len(starts) {
			end = starts[i+1][0]
		}
		text := sortSupportedValues(inner[start[2]:end])
		listed = append(listed, map[string]string{
			"field":     inner[start[2]:start[3]],
			"type":      fieldErrorTypes[inner[start[4]:start[5]]],
			"errorText": text,
		})
	}
	sort.SliceStable(listed, func(i, j int) bool { return listed[i]["errorText"] < listed[j]["errorText"] })
	return listed, nil
}
