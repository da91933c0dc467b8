define nullsource::thing() {
}
