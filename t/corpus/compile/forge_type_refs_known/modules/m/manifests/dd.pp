define m::dd() {}
