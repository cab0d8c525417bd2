//go:build !js

package main

import (
	"encoding/binary"
	"errors"
)

// wasmSizes returns the size of every function body of an unstripped wasm
// module by name (from its "name" section; go tool nm reads no wasm), and
// the bytes of its data segments.
func wasmSizes(b []byte) (funcs map[string]int, data int, err error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, 0, errors.New("not a wasm module")
	}
	p := b[8:]
	uv := func(q *[]byte) int {
		v, n := binary.Uvarint(*q)
		if n <= 0 {
			panic("bad uleb")
		}
		*q = (*q)[n:]
		return int(v)
	}
	defer func() {
		if recover() != nil {
			err = errors.New("malformed wasm")
		}
	}()
	imported := 0
	var bodies []int
	names := map[int]string{}
	for len(p) > 0 {
		id := p[0]
		p = p[1:]
		n := uv(&p)
		sec := p[:n]
		p = p[n:]
		switch id {
		case 2: // imports
			cnt := uv(&sec)
			for range cnt {
				sec = sec[uv(&sec):] // module
				sec = sec[uv(&sec):] // field
				kind := sec[0]
				sec = sec[1:]
				switch kind {
				case 0:
					uv(&sec)
					imported++
				case 1:
					sec = sec[1:]
					if flags := uv(&sec); flags&1 != 0 {
						uv(&sec)
					}
					uv(&sec)
				case 2:
					flags := uv(&sec)
					uv(&sec)
					if flags&1 != 0 {
						uv(&sec)
					}
				case 3:
					sec = sec[2:]
				}
			}
		case 10: // code
			cnt := uv(&sec)
			for range cnt {
				sz := uv(&sec)
				bodies = append(bodies, sz)
				sec = sec[sz:]
			}
		case 11: // data
			data += n
		case 0: // custom
			nl := uv(&sec)
			if string(sec[:nl]) != "name" {
				continue
			}
			sec = sec[nl:]
			for len(sec) > 0 {
				sub := sec[0]
				sec = sec[1:]
				sl := uv(&sec)
				ss := sec[:sl]
				sec = sec[sl:]
				if sub != 1 {
					continue
				}
				cnt := uv(&ss)
				for range cnt {
					idx := uv(&ss)
					l := uv(&ss)
					names[idx] = string(ss[:l])
					ss = ss[l:]
				}
			}
		}
	}
	funcs = map[string]int{}
	for i, sz := range bodies {
		name := names[imported+i]
		if name == "" {
			name = "?"
		}
		funcs[name] += sz
	}
	return funcs, data, nil
}
