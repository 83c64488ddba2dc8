// Package oracle answers conformance cases with Gardener's own Go functions: the test oracle of
// `cargo xtask oracle` (see README.md). It is built as a test binary because `testing/synctest` is
// the only way to set the instant Gardener's code reads from `time.Now()`.
package oracle

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"sync"
	"testing"
	"testing/synctest"
	"time"
	_ "time/tzdata" // hibernation schedules load their locations from the embedded database

	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	clienttesting "k8s.io/client-go/testing"
	fakeclient "sigs.k8s.io/controller-runtime/pkg/client/fake"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

// request is one case as the Rust driver sends it: the kind, the instant and the input of a
// conformance case (the shapes are in ../../shared/spec/*.md, "Case schema").
type request struct {
	Kind  string          `json:"kind"`
	Now   *time.Time      `json:"now"`
	Input json.RawMessage `json:"input"`
}

// response carries the case's `expect` as Gardener's code computes it, or why it could not.
type response struct {
	Expect any    `json:"expect,omitempty"`
	Error  string `json:"error,omitempty"`
}

// handler computes a kind's expect from its input, inside a bubble whose clock reads `now`.
type handler func(now time.Time, input json.RawMessage) (any, error)

var handlers = map[string]handler{}

func register(kind string, h handler) {
	if _, exists := handlers[kind]; exists {
		panic("kind registered twice: " + kind)
	}
	handlers[kind] = h
}

// defaultNow is the conformance corpus' conventional instant, for cases that omit `now`.
var defaultNow = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// TestOracle serves requests from standard input when ORACLE_SERVE is set; `go test` alone runs
// the self-test below instead.
func TestOracle(t *testing.T) {
	if os.Getenv("ORACLE_SERVE") == "" {
		t.Skip("set ORACLE_SERVE=1 to answer requests from standard input")
	}
	logf.SetLogger(logr.Discard())
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 0, 1<<20), 64<<20)
	out := bufio.NewWriter(os.Stdout)
	for in.Scan() {
		answer := serve(t, in.Bytes())
		line, err := json.Marshal(answer)
		if err != nil {
			line, _ = json.Marshal(response{Error: "encoding the answer: " + err.Error()})
		}
		out.Write(line)
		out.WriteByte('\n')
		if err := out.Flush(); err != nil {
			t.Fatalf("writing: %v", err)
		}
	}
	if err := in.Err(); err != nil {
		t.Fatalf("reading: %v", err)
	}
}

func serve(t *testing.T, line []byte) (answer response) {
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		return response{Error: "decoding the request: " + err.Error()}
	}
	h, ok := handlers[req.Kind]
	if !ok {
		return response{Error: "kind not served: " + req.Kind}
	}
	now := defaultNow
	if req.Now != nil {
		now = req.Now.UTC()
	}
	// Each request runs in a bubble of its own, whose fake clock is moved to `now` first: Gardener
	// reads the wall clock in its lifecycle classification and the maintenance requeue.
	synctest.Test(t, func(t *testing.T) {
		defer func() {
			if r := recover(); r != nil {
				answer = response{Error: fmt.Sprintf("panic: %v\n%s", r, debug.Stack())}
			}
		}()
		if now.Before(time.Now()) {
			answer = response{Error: fmt.Sprintf("now %s is before the bubble's start %s", now, time.Now())}
			return
		}
		time.Sleep(now.Sub(time.Now()))
		expect, err := h(now, req.Input)
		if err != nil {
			answer = response{Error: err.Error()}
			return
		}
		answer = response{Expect: expect}
	})
	return answer
}

// decode reads a kind's input into its shape, naming the input in its error.
func decode(input json.RawMessage, into any) error {
	if err := json.Unmarshal(input, into); err != nil {
		return fmt.Errorf("input: %w", err)
	}
	return nil
}

// goDuration prints a duration as Go does (`1h0m0s`), the corpus' notation.
func goDuration(d time.Duration) string { return d.String() }

// decoders holds one universal decoder per scheme, built once.
var decoders sync.Map

// newFakeClient is controller-runtime's fake client over a plain object tracker. Its default
// tracker also records managed fields and builds a REST mapper of the whole scheme on every call
// (a third of a maintenance run's time); no handler here uses server-side apply, which is all
// those fields serve.
func newFakeClient(scheme *runtime.Scheme) *fakeclient.ClientBuilder {
	decoder, _ := decoders.LoadOrStore(scheme, serializer.NewCodecFactory(scheme).UniversalDecoder())
	tracker := clienttesting.NewObjectTracker(scheme, decoder.(runtime.Decoder))
	return fakeclient.NewClientBuilder().WithScheme(scheme).WithObjectTracker(tracker)
}
