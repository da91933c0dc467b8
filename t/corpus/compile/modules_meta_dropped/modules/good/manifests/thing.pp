define good::thing() {
}
