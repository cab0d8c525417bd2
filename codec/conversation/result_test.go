package conversation

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The frames a Result keeps hold no pointer, so the collector never visits
// them: half a million frames with pointers made a pause of 100 ms and more
// in the page each time it collected.
func TestStoredFramesHoldNoPointer(t *testing.T) {
	assert.False(t, holdsPointer(reflect.TypeFor[stored]()))
	frames, _ := reflect.TypeFor[Result]().FieldByName("frames")
	assert.Equal(t, reflect.TypeFor[[]stored](), frames.Type)
	// And the check finds one where there is one.
	assert.True(t, holdsPointer(reflect.TypeFor[Frame]()))
}

func holdsPointer(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsPointer(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Array:
		return holdsPointer(t.Elem())
	case reflect.Slice, reflect.Pointer, reflect.String, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer:
		return true
	}
	return false
}
