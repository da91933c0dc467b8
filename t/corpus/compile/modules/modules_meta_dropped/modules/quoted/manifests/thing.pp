define quoted::thing() {
}
