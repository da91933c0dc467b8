define depsstring::thing() {
}
