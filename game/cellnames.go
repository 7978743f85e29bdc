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

var (
	labelsMu sync.Mutex
	labels   = map[string][]string{}
)

// cachedLabels returns the labels of kind for a board of size n, made once.
func cachedLabels(kind string, n int, f func(i int) string) []string {
	key := kind + strconv.Itoa(n)
	labelsMu.Lock()
	defer labelsMu.Unlock()
	if l, ok := labels[key]; ok {
		return l
	}
	l := labelsOf(n, f)
	labels[key] = l
	return l
}

func labelsOf(n int, f func(i int) string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = f(i)
	}
	return out
}

// AlgebraicFiles are the files of an n-wide board from the left: a, b, ….
func AlgebraicFiles(n int) []string {
	return cachedLabels("files", n, func(i int) string { return string(rune('a' + i)) })
}

// AlgebraicRanks are the ranks of an n-high board from the top: n, …, 1.
func AlgebraicRanks(n int) []string {
	return cachedLabels("ranks", n, func(i int) string { return strconv.Itoa(n - i) })
}

// Numbers are 1, …, n: the rows or columns of a board numbered from the
// top left.
func Numbers(n int) []string {
	return cachedLabels("numbers", n, func(i int) string { return strconv.Itoa(i + 1) })
}
