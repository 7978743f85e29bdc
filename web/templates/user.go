package templates

import (
	"context"
	"net/url"
	"time"

	"boardroom/game"
)

type userKey struct{}

// WithUser marks a page's rendering as for the signed-in player name: the
// header shows them, with a way to log out.
func WithUser(ctx context.Context, name string) context.Context {
	return context.WithValue(ctx, userKey{}, name)
}

// userOf is the signed-in player's name ("" for a guest).
func userOf(ctx context.Context) string {
	name, _ := ctx.Value(userKey{}).(string)
	return name
}

// AccountForm is what a sign-up or log-in form shows again when it is
// refused: the name typed (never the password) and what was wrong.
type AccountForm struct {
	Username string
	// Error is the refusal in words; Field the field it is about.
	Error, Field string
	// Next is where to go once signed in ("" for the lobby).
	Next string
	// Passkeys offers a log-in with a passkey.
	Passkeys bool
	// Notice says what was just done ("You are logged out everywhere…").
	Notice string
}

// SessionRow is one log-in on the account page; ID names it in the form
// that ends it (accounts.SessionID).
type SessionRow struct {
	ID, Device, Addr, Since, LastUsed string
	Current                           bool
}

// AccountView is what the account page shows.
type AccountView struct {
	Name     string
	Sessions []SessionRow
	Passkeys PasskeyList
	// Devices are the ones notifications are pushed to.
	Devices  PushDevices
	Bots     BotSection
	Password PasswordForm
	// Notice says what the form just posted did ("Logged out of …").
	Notice string
	// Ask is the question a form asks before it is carried out (nil:
	// none).
	Ask *Question
	// Vacation is the player's vacation from their games of days.
	Vacation VacationBox
}

// VacationBox is the account page's vacation: the days left this year
// (UTC), and the vacation under way, if any.
type VacationBox struct {
	Offered bool
	// Year is this year (UTC); DaysLeft its days left, of DaysAYear.
	Year, DaysLeft, DaysAYear int
	// Away says a vacation is under way, since Since, and ends by itself at
	// Until (both as the page says them, in UTC).
	Away         bool
	Since, Until string
	// Error says why the form was refused (nothing changed).
	Error string
}

// PasswordForm is the account page's password form: HasPassword asks
// for the current one (an account without one sets a first); Error says
// why it was refused, about Field ("current", "new-password").
type PasswordForm struct {
	HasPassword  bool
	Error, Field string
}

// passwordHelp names what describes a field of the password form.
func passwordHelp(f PasswordForm, field string) string {
	ids := "password-" + field + "-help"
	if f.Error != "" && f.Field == field {
		ids = "password-error " + ids
	}
	return ids
}

// Question is what a form that cannot be undone asks first (askFirst):
// Title and Text in words, Yes the button that goes ahead, posting to
// Action the Fields again with confirm=yes. TestID marks it; Confirm and
// Cancel are its buttons' data-action.
type Question struct {
	TestID, Title, Text, Action, Yes string
	Fields                           []Field
	Confirm, Cancel                  string
}

// Field is a hidden field of a form.
type Field struct{ Name, Value string }

// withNext is path with where to go after it.
func withNext(path, next string) string {
	if next == "" {
		return path
	}
	return path + "?next=" + url.QueryEscape(next)
}

// invalid is aria-invalid's value.
func invalid(yes bool) string {
	if yes {
		return "true"
	}
	return "false"
}

// describedBy names what describes a field of a form: its help, and the
// form's error when it is about this field (a screen reader reads why).
func describedBy(kind, field string, f AccountForm) string {
	ids := kind + "-" + field + "-help"
	if f.Error != "" && (f.Field == field || f.Field == "") {
		ids = kind + "-error " + ids
	}
	return ids
}

// PlayerView is what a player's page shows.
type PlayerView struct {
	Name, Since              string
	Played, Won, Lost, Drawn int
	Games                    []PlayerGame
	// Prev and Next link to the pages of newer and older games ("": none).
	Prev, Next string
	// Ratings are the player's ratings by game and speed; Chart draws
	// their history (nil: no rated game yet).
	Ratings []RatingRow
	Chart   *RatingChart
	// Events are the last events the player played, the last first.
	Events []EventResult
	// BotOwner is, for a bot's account, who made it ("" for a person);
	// House, for a house bot, the computer's level it plays ("Medium").
	BotOwner, House string
	// Online says the player has a page open on the site now.
	Online bool
	// CanChallenge offers the viewer (signed in, someone else) a challenge
	// in one of ChallengeGames; Sent are the viewer's challenges to the
	// player waiting for an answer (the one just sent among them),
	// ChallengeError why one was refused, and GameInPlay the game it
	// refers to (a room's path; "": none).
	CanChallenge   bool
	ChallengeGames []game.Choice
	Sent           []ChallengeRow
	ChallengeError string
	GameInPlay     string
	// Mine are, on the viewer's own page, their challenges waiting for an
	// answer.
	Mine []ChallengeRow
	// Own says the viewer is the player (their games in play are theirs
	// to play); InPlay are the player's games in play (to another viewer,
	// those the lobby would list: none in a private room), MoreInPlay
	// that there are more than the page lists.
	Own        bool
	InPlay     []GameInPlayRow
	MoreInPlay bool
}

// GameInPlayRow is one of a player's games in play, as their page lists
// it.
type GameInPlayRow struct {
	RoomID, Game string
	// Opponent is who the player plays, in words; OpponentPage is their
	// page ("": none, a guest's or the computer's).
	Opponent, OpponentPage string
	// OneScreen says the player holds both seats, at one screen (hotseat).
	OneScreen bool
	// Clock is the move clock ("Fast · 30 s a move", "No clock").
	Clock string
	Rated bool
	// Turn says whose turn it is, in the viewer's words ("Your turn",
	// "bob's turn", "alice to move"; "": unknown); YourTurn that the
	// viewer is the one to move.
	Turn     string
	YourTurn bool
	Moves    int
	Started  time.Time
}

// Versus says whom the game is against, in words.
func (g GameInPlayRow) Versus() string {
	if g.OneScreen {
		return "both seats on one screen"
	}
	return "against " + g.Opponent
}

// StartedAgo says how long ago the game began.
func (g GameInPlayRow) StartedAgo() string { return "started " + ago(g.Started) }

// PlayerGame is one finished game on a player's page.
type PlayerGame struct {
	RoomID, Game, Opponent, When string
	// Result is "Won", "Lost" or "Drawn"; ResultClass its style.
	Result, ResultClass string
	// Clock is the speed's name ("Bullet"), Rated whether the game
	// counted, and Change what it did to this player's rating ("+12",
	// "−8"; "": not rated).
	Clock  string
	Rated  bool
	Change string
}
