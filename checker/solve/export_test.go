package solve

// SetEarlyStop turns the early stop of the step-bounded loops on or off,
// so that tests compare it with the plain loop of k steps.
func SetEarlyStop(on bool) { earlyStop = on }
