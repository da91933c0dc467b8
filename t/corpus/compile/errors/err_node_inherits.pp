node 'a' inherits 'b' {
}
