package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPushContact(t *testing.T) {
	for _, tc := range []struct {
		flag, baseURL, want string
		bad                 bool
	}{
		{flag: "mailto:ops@example.org", baseURL: "https://play.example.org", want: "mailto:ops@example.org"},
		{flag: "https://example.org/contact", baseURL: "http://127.0.0.1:8080", want: "https://example.org/contact"},
		{baseURL: "https://play.example.org/", want: "https://play.example.org"},
		{baseURL: "http://127.0.0.1:8080", want: "mailto:webmaster@127.0.0.1"},
		{flag: "ops@example.org", bad: true},
		{flag: "http://example.org", bad: true},
		{flag: "mailto:nobody", bad: true},
	} {
		t.Run(tc.flag+" "+tc.baseURL, func(t *testing.T) {
			err := checkContact(tc.flag)
			if tc.bad {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, contactOr(tc.flag, tc.baseURL))
		})
	}
}
