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
