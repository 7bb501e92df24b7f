package realigious

var visGame = New()
