define nolicense::thing() {
}
