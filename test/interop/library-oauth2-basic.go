// The Authorization: Basic header golang.org/x/oauth2 (Debian golang-golang-x-oauth2-dev) sends to a token
// endpoint (a loopback httptest server) for each client id and secret: one JSON object per stdin line, one out.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"

	"golang.org/x/oauth2"
)

func main() {
	seen := make(chan string, 1)
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen <- r.Header.Get("Authorization")
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"access_token":"a","token_type":"bearer"}`))
	}))
	defer server.Close()
	in := bufio.NewScanner(os.Stdin)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var r struct{ ClientID, ClientSecret string }
		if err := json.Unmarshal(in.Bytes(), &r); err != nil {
			panic(err)
		}
		config := oauth2.Config{ClientID: r.ClientID, ClientSecret: r.ClientSecret, Endpoint: oauth2.Endpoint{TokenURL: server.URL, AuthStyle: oauth2.AuthStyleInHeader}}
		if _, err := config.Exchange(context.Background(), "code"); err != nil {
			panic(err)
		}
		out.Encode(map[string]string{"goOauth2": <-seen})
	}
}
