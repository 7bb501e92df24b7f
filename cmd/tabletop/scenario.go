package main

import "errors"

func (a *app) scenario(args []string) error {
	fs := a.newFlagSet("scenario", "run FILE [-seat N]", "Scenario runs a rules scenario file.")
	if _, err := parse(fs, args); err != nil {
		return err
	}
	return errors.New("scenario: not wired yet")
}
