package main

// exportStrategy writes -exportstrat for one result (see prismstrat.go).
func (p *prismRun) exportStrategy(r *propResult) {}
