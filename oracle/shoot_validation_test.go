package oracle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gardener/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	shootregistry "github.com/gardener/gardener/pkg/apiserver/registry/core/shoot"
	gardenerutils "github.com/gardener/gardener/pkg/utils/gardener"
)

// Shoot validation: the API server's whole validation of a Shoot, as its registry strategy runs
// it: on create `Validate` (ValidateShoot, ValidateForceDeletion, ValidateFinalizersOnCreation,
// ValidateInPlaceUpdateStrategyOnCreation), on update `ValidateUpdate` (ValidateShootUpdate, which
// runs ValidateShoot on the new Shoot too). The Shoots get the API server's v1beta1 defaults and
// are converted to the internal type first, and the strategy prepares them as the API server does
// (PrepareForCreate / PrepareForUpdate: the old status is kept, the CloudProfile reference and the
// DNS providers' credentials are synced). The API server's common metadata checks, which repeat
// part of ValidateObjectMetaUpdate, are not run.
//
// Every error is compared (`exhaustive`), by field, type and full text, except the families listed
// in notModelled, which the engine does not model yet.
func init() {
	register("shoot-validation", shootValidation)
}

// notModelled: fields of families the engine leaves out, each with its reason. An error at such a
// field is not compared.
var notModelled = []*regexp.Regexp{}

type shootValidationInput struct {
	Operation string          `json:"operation"`
	Shoot     json.RawMessage `json:"shoot"`
	OldShoot  json.RawMessage `json:"oldShoot"`
}

func shootValidation(_ time.Time, raw json.RawMessage) (any, error) {
	var input shootValidationInput
	if err := decode(raw, &input); err != nil {
		return nil, err
	}
	var errs field.ErrorList
	validate := func() error {
		shoot, err := decodedShoot(input.Shoot, "shoot")
		if err != nil {
			return err
		}
		strategy := shootregistry.NewStrategy(0)
		switch input.Operation {
		case "", "create":
			strategy.PrepareForCreate(context.Background(), shoot)
			errs = strategy.Validate(context.Background(), shoot)
		case "update":
			if isNull(input.OldShoot) {
				return errors.New("an update needs oldShoot")
			}
			old, err := decodedShoot(input.OldShoot, "oldShoot")
			if err != nil {
				return err
			}
			// The old Shoot as the API server stored it: its own write synced these fields.
			gardenerutils.SyncCloudProfileFields(nil, old)
			shootregistry.SyncDNSProviderCredentials(old)
			strategy.PrepareForUpdate(context.Background(), shoot, old)
			errs = strategy.ValidateUpdate(context.Background(), shoot, old)
		default:
			return fmt.Errorf("operation %q is not served", input.Operation)
		}
		return nil
	}
	// The gardener-apiserver's feature gates, at their defaults, which the validation reads.
	if _, err := withGates(nil, func() (any, error) { return nil, validate() }); err != nil {
		return nil, err
	}
	listed := []map[string]string{}
	for _, e := range errs {
		if matchesAny(notModelled, e.Field) {
			continue
		}
		entry := map[string]string{"field": e.Field, "type": string(e.Type), "errorText": e.Error()}
		if prefix, ok := approximateDetail(e); ok {
			delete(entry, "errorText")
			entry["detailContains"] = prefix
		}
		listed = append(listed, entry)
	}
	sort.SliceStable(listed, func(i, j int) bool { return listed[i]["errorText"] < listed[j]["errorText"] })
	return map[string]any{"valid": len(listed) == 0, "errors": listed, "exhaustive": true}, nil
}

func decodedShoot(raw json.RawMessage, name string) (*core.Shoot, error) {
	var shoot gardencorev1beta1.Shoot
	if err := decode(raw, &shoot); err != nil {
		return nil, err
	}
	out, err := storedShoot(&shoot)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

func matchesAny(patterns []*regexp.Regexp, text string) bool {
	for _, pattern := range patterns {
		if pattern.MatchString(text) {
			return true
		}
	}
	return false
}

// Details that print Go values the engine cannot reproduce byte for byte: the list of changes of a
// Shoot being deleted is go-test/deep's rendering of the internal types (pointers, struct fields in
// declaration order, map order). Only the part before the values is compared.
// The supported resources of a control plane's autoscaling minimum come from a Go set listed in
// random order (ValidateControlPlaneAutoscaling).
var approximateDetails = []string{
	"cannot update shoot spec if deletion timestamp is set. Requested changes: ",
}

func approximateDetail(e *field.Error) (string, bool) {
	for _, prefix := range approximateDetails {
		if strings.HasPrefix(e.Detail, prefix) {
			return prefix, true
		}
	}
	if e.Type == field.ErrorTypeNotSupported && strings.Contains(e.Field, ".autoscaling.minAllowed.") {
		return "supported values: ", true
	}
	return "", false
}
