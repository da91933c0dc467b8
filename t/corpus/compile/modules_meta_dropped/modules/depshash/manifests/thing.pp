define depshash::thing() {
}
