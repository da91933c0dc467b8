class mymod(Array[Mymod::Endpoint] $endpoints = []) {
}
