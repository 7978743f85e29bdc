package game

import (
	"strconv"
	"sync"
)

// Cell names for boards' accessible labels, cached: a page names every
// cell of its board on every render.

// maxNamed bounds the boards whose names are cached (Angels & Devils goes
// up to 41×41).
const maxNamed = 48

var (
	algebraicMu    sync.Mutex
	algebraicNames = map[int][][]string{}
	numberedOnce   sync.Once
	numberedNames  [maxNamed][maxNamed]string
)

// AlgebraicName names a cell of a size×size board as chess does: files a,
// b, … from the left, ranks 1, 2, … from the bottom ("d4").
func AlgebraicName(c Cell, size int) string {
	if c.Row < 0 || c.Col < 0 || int(c.Row) >= size || int(c.Col) >= size || size > maxNamed {
		return string(rune('a'+c.Col)) + strconv.Itoa(size-int(c.Row))
	}
	algebraicMu.Lock()
	defer algebraicMu.Unlock()
	names := algebraicNames[size]
	if names == nil {
		names = make([][]string, size)
		for r := range names {
			names[r] = make([]string, size)
			for col := range names[r] {
				names[r][col] = string(rune('a'+col)) + strconv.Itoa(size-r)
			}
		}
		algebraicNames[size] = names
	}
	return names[c.Row][c.Col]
}

// NumberedName names a cell by its 1-based row and column from the top
// left ("3,7").
func NumberedName(c Cell) string {
	r, col := int(c.Row), int(c.Col)
	if r < 0 || col < 0 || r >= maxNamed || col >= maxNamed {
		return strconv.Itoa(r+1) + "," + strconv.Itoa(col+1)
	}
	numberedOnce.Do(func() {
		for i := range maxNamed {
			for j := range maxNamed {
				numberedNames[i][j] = strconv.Itoa(i+1) + "," + strconv.Itoa(j+1)
			}
		}
	})
	return numberedNames[r][col]
}
