package main

import (
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"os"

	jose "github.com/go-jose/go-jose/v4"
)

// signingKey is the RSA key the ID tokens are signed with, read from a file the harness made once: the API server
// and oauth2-proxy keep the key set they fetched, so a restart must not change it.
type signingKey struct {
	id  string
	key *rsa.PrivateKey
}

func loadSigningKey(path string) (*signingKey, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	block, _ := pem.Decode(raw)
	if block == nil {
		return nil, fmt.Errorf("%s: no PEM block", path)
	}
	key, err := parseRSA(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	der, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		return nil, err
	}
	// the key ID follows from the key, so it stays the same across restarts too
	sum := sha256.Sum256(der)
	return &signingKey{id: hex.EncodeToString(sum[:8]), key: key}, nil
}

func parseRSA(der []byte) (*rsa.PrivateKey, error) {
	if key, err := x509.ParsePKCS1PrivateKey(der); err == nil {
		return key, nil
	}
	parsed, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, err
	}
	key, ok := parsed.(*rsa.PrivateKey)
	if !ok {
		return nil, errors.New("not an RSA key")
	}
	return key, nil
}

func (k *signingKey) SignatureAlgorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k *signingKey) Key() any                                    { return k.key }
func (k *signingKey) ID() string                                  { return k.id }

func (k *signingKey) public() *publicKey { return &publicKey{k} }

type publicKey struct{ k *signingKey }

func (p *publicKey) ID() string                         { return p.k.id }
func (p *publicKey) Algorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (p *publicKey) Use() string                        { return "sig" }
func (p *publicKey) Key() any                           { return &p.k.key.PublicKey }
