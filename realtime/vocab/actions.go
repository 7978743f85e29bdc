package vocab

import (
	"fmt"
	"strings"
)

// Action is what a page's button asks of the room (a click on a cell is a
// message of its own).
type Action string

// The actions a page may send.
const (
	Join            Action = "join"
	Undo            Action = "undo"
	Redo            Action = "redo"
	TakebackAccept  Action = "takeback-accept"
	TakebackDecline Action = "takeback-decline"
	Save            Action = "save"
	Load            Action = "load"
	NewGame         Action = "new"
	Resign          Action = "resign"
	Cancel          Action = "cancel"
	Hint            Action = "hint"
	ReplayFirst     Action = "replay-first"
	ReplayPrev      Action = "replay-prev"
	ReplayNext      Action = "replay-next"
	ReplayLast      Action = "replay-last"
	ReplayPlay      Action = "replay-play"
	ReplayExit      Action = "replay-exit"
	Pause           Action = "pause"
	Resume          Action = "resume"
	Step            Action = "step"
	Abort           Action = "abort"
	ClaimWin        Action = "claim-win"
	ClaimDraw       Action = "claim-draw"
	Rematch         Action = "rematch"
	// OfferDraw offers the opponent a draw (in a game that can end drawn),
	// or accepts the draw they offered.
	OfferDraw Action = "offer-draw"
	// Berserk halves the player's time a move in an arena's game, before
	// their first move, for an extra point if they win (issue 40).
	Berserk Action = "berserk"
)

var actions = []Action{
	Join, Undo, Redo, TakebackAccept, TakebackDecline,
	Save, Load, NewGame, Resign, Cancel, Hint,
	ReplayFirst, ReplayPrev, ReplayNext, ReplayLast, ReplayPlay, ReplayExit,
	Pause, Resume, Step,
	Abort, ClaimWin, ClaimDraw, Rematch, OfferDraw, Berserk,
}

// Actions lists every action a page may send.
func Actions() []Action { return append([]Action(nil), actions...) }

// ParseAction returns the action named text; ok is false for anything else.
func ParseAction(text string) (a Action, ok bool) {
	for _, a := range actions {
		if string(a) == text {
			return a, true
		}
	}
	return "", false
}

// IsReplay reports whether a moves a viewer's replay (the only actions a
// finished game kept as a record still takes).
func (a Action) IsReplay() bool { return strings.HasPrefix(string(a), "replay-") }

// Proposal is what one player of two online asks the other to agree to.
type Proposal string

// The proposals.
const (
	TakebackProposal Proposal = "takeback"
	NewGameProposal  Proposal = "new"
	SaveProposal     Proposal = "save"
	LoadProposal     Proposal = "load"
	RematchProposal  Proposal = "rematch"
	DrawProposal     Proposal = "draw"
)

type proposalInfo struct {
	proposal Proposal
	// action is what the proposal asks for, and carries out once accepted.
	action Action
	// asked is what the other player is told ("%s" is the asker's name),
	// made is what the asker is told ("%s": the one who must answer), and
	// accept names the answer that agrees.
	asked, made, accept string
}

var proposals = []proposalInfo{
	{TakebackProposal, Undo, "%s asks to take back their last move.", "You asked for a takeback — waiting for %s.", "Accept takeback"},
	{NewGameProposal, NewGame, "%s proposes a new game.", "You proposed a new game — waiting for %s.", "Accept new game"},
	{SaveProposal, Save, "%s proposes to save the game.", "You proposed to save the game — waiting for %s.", "Accept saving"},
	{LoadProposal, Load, "%s proposes to load the saved game.", "You proposed to load the saved game — waiting for %s.", "Accept loading"},
	{RematchProposal, Rematch, "%s offers a rematch.", "You offered a rematch — waiting for %s.", "Accept rematch"},
	{DrawProposal, OfferDraw, "%s offers a draw.", "You offered a draw — waiting for %s.", "Accept draw"},
}

func proposalOf(p Proposal) proposalInfo {
	return lookup(proposals, func(i proposalInfo) bool { return i.proposal == p })
}

// Text is what the player who must answer the proposal (or a spectator) is
// told, asker being the name of the player who made it.
func (p Proposal) Text(asker string) string { return fmt.Sprintf(proposalOf(p).asked, asker) }

// MadeText is what the player who made the proposal is told while it waits
// for answerer's answer.
func (p Proposal) MadeText(answerer string) string { return fmt.Sprintf(proposalOf(p).made, answerer) }

// AcceptLabel names the answer that accepts the proposal ("Accept draw"):
// one answer per proposal, named by what it agrees to.
func (p Proposal) AcceptLabel() string { return proposalOf(p).accept }

// Action is what carrying the accepted proposal out does (a takeback is an
// undo).
func (p Proposal) Action() Action { return proposalOf(p).action }

// ProposalOf is the proposal that action makes between two people online
// (undo asks for a takeback); ok is false for an action that is no proposal.
func ProposalOf(a Action) (p Proposal, ok bool) {
	i := lookup(proposals, func(i proposalInfo) bool { return i.action == a })
	return i.proposal, i.proposal != ""
}
