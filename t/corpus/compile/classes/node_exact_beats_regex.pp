node /node/ {
  notify { 'regex': }
}
node 'node1.example.com' {
  notify { 'exact': }
}
