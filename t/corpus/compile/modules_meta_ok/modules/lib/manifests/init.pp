class lib {
}
