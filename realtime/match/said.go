package match

import (
	"fmt"
	"math"
	"strings"
	"time"

	"boardroom/game"
)

// What a computer says of its move: one plain sentence for everyone, and
// the search's own report (depth, nodes, principal variation) for those who
// want the details. Both are kept in a turn's info, the sentence on the
// first line; an info of one line (stored before there were sentences) is
// details only.

// said joins a computer's sentence and its report into a turn's info.
func said(plain, details string) string {
	if plain == "" {
		return details
	}
	return plain + "\n" + details
}

// splitSaid parts a turn's info into its sentence and its details.
func splitSaid(info string) (plain, details string) {
	if p, d, ok := strings.Cut(info, "\n"); ok {
		return p, d
	}
	return "", info
}

// explain says in one sentence how long a computer thought and what it
// expects, in the game's units ("Thought for 1.9 s and expects to win by
// about 3 seeds.").
func explain(g game.Game, t game.Thought) string {
	took := "Thought for " + roundThink(t.Took)
	if !t.Known {
		return "Played by rule of thumb in " + roundThink(t.Took) + "."
	}
	unit := game.ViewOf(g).Unit()
	amount := func(v float64) string {
		if unit == "" {
			return ""
		}
		n := math.Abs(v)
		if t.Exact {
			return fmt.Sprintf(" by exactly %s %s", trimFloat(n), unit)
		}
		return fmt.Sprintf(" by about %s %s", trimFloat(n), unit)
	}
	switch {
	case t.WinIn > 0:
		return fmt.Sprintf("%s and sees a forced win in %d %s.", took, t.WinIn, plural(t.WinIn, "move"))
	case t.LossIn > 0:
		return fmt.Sprintf("%s and sees no way to avoid a loss in %d %s.", took, t.LossIn, plural(t.LossIn, "move"))
	case t.Exact && t.Value > 0:
		return took + " and knows it wins with best play" + amount(t.Value) + "."
	case t.Exact && t.Value < 0:
		return took + " and knows it loses with best play" + amount(t.Value) + "."
	case t.Exact:
		return took + " and knows best play on both sides ends in a draw."
	case math.Abs(t.Value) < 0.5:
		return took + " and expects an even game."
	case t.Value > 0:
		return took + " and expects to win" + amount(t.Value) + "."
	}
	return took + " and expects to lose" + amount(t.Value) + "."
}

// roundThink writes a think time as people say it ("1.9 s", "40 ms").
func roundThink(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%d ms", max(d.Milliseconds(), 1))
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

// trimFloat writes a value to a tenth, without a trailing ".0".
func trimFloat(v float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0")
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// plainOrDetails is what the page shows of a computer's info at first: its
// sentence, or, for a turn stored before sentences, its report.
func plainOrDetails(info string) string {
	p, d := splitSaid(info)
	if p != "" {
		return p
	}
	return d
}

// detailsOf is the report behind the sentence ("" when there is no sentence:
// then the report is shown as it is).
func detailsOf(info string) string {
	if p, d := splitSaid(info); p != "" {
		return d
	}
	return ""
}
