package templates

// PasskeyList is the account page's passkeys.
type PasskeyList struct {
	// Offered says the site keeps passkeys (else the page has no section).
	Offered bool
	Keys    []PasskeyRow
}

// PasskeyRow is one passkey on the account page.
type PasskeyRow struct {
	// ID is its credential ID in base64url, for the form that removes it.
	ID string
	// Name says where it was made ("Chrome on Linux"); Added and LastUsed
	// are dates in words ("never" when it logged nobody in yet).
	Name, Added, LastUsed string
}

// PushDevices is the account page's devices that notifications are pushed
// to (Web Push).
type PushDevices struct {
	// Offered says the site sends notifications (else no section).
	Offered bool
	Devices []PushDeviceRow
}

// PushDeviceRow is one device: never its endpoint, the subscription's
// secret, but its push service and a hash of it (push.DeviceID).
type PushDeviceRow struct {
	// ID is push.DeviceID of its endpoint, for the form that removes it.
	ID string
	// Host is its push service's host; Browser the browser that service
	// serves, in words ("" when not a known one).
	Host, Browser string
	// Subscribed is when it subscribed, in words.
	Subscribed string
}

// Name is what the page calls the device.
func (d PushDeviceRow) Name() string {
	if d.Browser == "" {
		return "A browser"
	}
	return d.Browser
}

// Removable is a row of the account page that a form removes: what it is
// (Name, and a line of Detail), the form's Action and the hidden Field
// naming it (Value), and its button's data-action and accessible Label,
// which must contain "Remove" (what the button shows).
type Removable struct {
	TestID, Name, Detail string
	Action, Field, Value string
	DataAction, Label    string
}

// RemovableList is a section of Removable rows: its ID names its heading
// and, with "no-" before it, the line said when it has none (Empty).
type RemovableList struct {
	ID, Title, Intro, Empty string
	Rows                    []Removable
}

func (list PasskeyList) rows() []Removable {
	var out []Removable
	for _, k := range list.Keys {
		out = append(out, Removable{TestID: "passkey", Name: k.Name, Detail: "added " + k.Added + "; last used " + k.LastUsed,
			Action: "/account/passkeys/remove", Field: "id", Value: k.ID, DataAction: "remove-passkey",
			Label: "Remove the passkey " + k.Name + " added " + k.Added})
	}
	return out
}

func (list PushDevices) rows() []Removable {
	var out []Removable
	for _, d := range list.Devices {
		out = append(out, Removable{TestID: "push-device", Name: d.Name(), Detail: "through " + d.Host + "; since " + d.Subscribed,
			Action: "/account/push/remove", Field: "device", Value: d.ID, DataAction: "remove-push-device",
			Label: "Remove " + d.Name() + " through " + d.Host + ", subscribed " + d.Subscribed + ", from the devices notified"})
	}
	return out
}
