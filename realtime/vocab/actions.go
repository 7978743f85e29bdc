package vocab

import "strings"

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
)

var actions = []Action{
	Join, Undo, Redo, TakebackAccept, TakebackDecline,
	Save, Load, NewGame, Resign, Cancel, Hint,
	ReplayFirst, ReplayPrev, ReplayNext, ReplayLast, ReplayPlay, ReplayExit,
	Pause, Resume, Step,
	Abort, ClaimWin, ClaimDraw, Rematch,
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
)

type proposalInfo struct {
	proposal Proposal
	// action is what the proposal asks for, and carries out once accepted.
	action Action
	text   string
}

var proposals = []proposalInfo{
	{TakebackProposal, Undo, "Your opponent asks to take back their last move."},
	{NewGameProposal, NewGame, "Your opponent proposes a new game."},
	{SaveProposal, Save, "Your opponent proposes to save the game."},
	{LoadProposal, Load, "Your opponent proposes to load the saved game."},
	{RematchProposal, Rematch, "Your opponent offers a rematch."},
}

// Text is what the player who must answer the proposal is told.
func (p Proposal) Text() string {
	return lookup(proposals, func(i proposalInfo) bool { return i.proposal == p }).text
}

// Action is what carrying the accepted proposal out does (a takeback is an
// undo).
func (p Proposal) Action() Action {
	return lookup(proposals, func(i proposalInfo) bool { return i.proposal == p }).action
}

// ProposalOf is the proposal that action makes between two people online
// (undo asks for a takeback); ok is false for an action that is no proposal.
func ProposalOf(a Action) (p Proposal, ok bool) {
	i := lookup(proposals, func(i proposalInfo) bool { return i.action == a })
	return i.proposal, i.proposal != ""
}
