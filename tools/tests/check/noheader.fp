MOV result.color, fragment.color;
END
