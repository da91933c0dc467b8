function any() {}
